// `subscriptions/listen` (2026-07-28) under the same authorization as `resources/subscribe`: the
// provider's `authorizeSubscribe` decides, per URI, whether the caller may hear of its updates.
import type { RequestContext } from './context.js';
import type { ResourcesProvider } from './providers.js';
import type { JsonObject } from './types.js';

/**
 * The requested resource subscriptions the caller may have: a URI `authorizeSubscribe` refuses is
 * left out of the acknowledgement (the client learns it is not subscribed, nothing more).
 */
export async function authorizedSubscriptions(
  resources: ResourcesProvider | undefined,
  uris: readonly string[],
  ctx: RequestContext,
): Promise<string[]> {
  if (resources?.authorizeSubscribe === undefined) return [...uris];
  const allowed = await Promise.all(uris.map((uri) => mayRead(resources, uri, ctx)));
  return uris.filter((_, i) => allowed[i]);
}

/**
 * Wraps a listen stream's `send` so that `notifications/resources/updated` reaches the caller only
 * for URIs it may read: a prefix subscription (`notes://`) must not reveal `notes://secret/1`.
 */
export function readableUpdatesOnly(
  resources: ResourcesProvider | undefined,
  ctx: RequestContext,
  send: (method: string, extra?: JsonObject) => void,
): (method: string, extra?: JsonObject) => void {
  if (resources?.authorizeSubscribe === undefined) return send;
  return (method, extra) => {
    const uri = extra?.uri;
    if (method !== 'notifications/resources/updated' || typeof uri !== 'string') {
      send(method, extra);
      return;
    }
    void mayRead(resources, uri, ctx).then((allowed) => {
      if (allowed) send(method, extra);
    });
  };
}

async function mayRead(resources: ResourcesProvider, uri: string, ctx: RequestContext): Promise<boolean> {
  try {
    await resources.authorizeSubscribe?.(uri, ctx);
    return true;
  } catch {
    return false;
  }
}
