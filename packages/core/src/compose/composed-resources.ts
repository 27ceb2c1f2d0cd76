// The resources and templates clients see: the app's own and every mount's (under `scheme://prefix/…`),
// transformed. A read of a mounted URI goes through the mount's pipeline; the contents come back with
// the shown URIs. Subscribing to a mounted resource subscribes upstream, so its updates are forwarded.
import {
  ErrorCode,
  McpError,
  type ReadResourceResult,
  type RequestContext,
  type ResourceDefinition,
  type ResourcesProvider,
  type ResourceTemplateDefinition,
} from '@decorum/protocol';
import { allows, demand } from '../runtime/scopes.js';
import { echoed } from '../runtime/suggest.js';
import type { PipedMount } from './composed-tools.js';
import { ListCache } from './list-cache.js';
import type { MountNaming } from './naming.js';
import { type ResourceTransform, shownItem } from './transforms.js';

type Table = Readonly<Record<string, ResourceTransform>>;
const own = Object.prototype.hasOwnProperty;

function shownList<T extends { name: string }>(key: (item: T) => string, table: Table) {
  return new ListCache<readonly T[], T>((parts) => {
    const seen = new Set<string>();
    const out: T[] = [];
    for (const list of parts) {
      for (const item of list) {
        const id = key(item);
        if (seen.has(id)) continue;
        seen.add(id);
        const transform = own.call(table, id) ? table[id] : undefined;
        if (transform?.hidden) continue;
        out.push(shownItem(item, transform));
      }
    }
    return out;
  });
}

/** Contents read upstream, under the URIs clients know. */
function shownContents(result: ReadResourceResult, naming: MountNaming): ReadResourceResult {
  const contents = (result.contents ?? []).map((c) =>
    typeof c.uri === 'string' ? { ...c, uri: naming.uri(c.uri) } : c,
  );
  return { ...result, contents };
}

/** The mount serving a shown URI, with the mounted server's own URI. */
export function mountOf(
  mounts: readonly PipedMount[],
  uri: string,
): { mount: PipedMount; upstream: string } | undefined {
  for (const mount of mounts) {
    const upstream = mount.server.naming.unuri(uri);
    if (upstream === undefined) continue;
    // Without a prefix a URI says nothing of its server: it is the mount's when the mount lists it.
    if (mount.server.naming.none && !serves(mount, uri)) continue;
    return { mount, upstream };
  }
  return undefined;
}

/** Whether a mount lists `uri`, or a template whose fixed start it has. */
function serves(mount: PipedMount, uri: string): boolean {
  const { resources, templates } = mount.server.lists;
  if (resources.some((r) => r.uri === uri)) return true;
  return templates.some((t) => uri.startsWith(t.uriTemplate.split('{')[0] as string));
}

/** Composes the own resources provider (if any), the mounts' resources and the transforms into one provider. */
export function composeResources(
  ownProvider: ResourcesProvider | undefined,
  ownUris: ReadonlySet<string>,
  mounts: readonly PipedMount[],
  table: Table,
  subscribe: boolean,
): ResourcesProvider {
  const resources = shownList<ResourceDefinition>((r) => r.uri, table);
  const templates = shownList<ResourceTemplateDefinition>((t) => t.uriTemplate, table);
  const visible = (ctx: RequestContext) => mounts.filter((m) => allows(ctx.authInfo, m.server.mount.scopes));
  const notFound = (uri: string) =>
    new McpError(ErrorCode.ResourceNotFound, `Resource not found: ${echoed(uri)}`, { uri: echoed(uri) });
  const mounted = (uri: string) => (ownUris.has(uri) ? undefined : mountOf(mounts, uri));

  return {
    subscribe,
    list: async (ctx) =>
      resources.get([
        ownProvider === undefined ? [] : await ownProvider.list(ctx),
        ...visible(ctx).map((m) => m.server.lists.resources),
      ]),
    templates: async (ctx) =>
      templates.get([
        (await ownProvider?.templates?.(ctx)) ?? [],
        ...visible(ctx).map((m) => m.server.lists.templates),
      ]),
    async read({ uri, _meta }, ctx) {
      if (own.call(table, uri) && table[uri]?.hidden) throw notFound(uri);
      const target = mounted(uri);
      if (target === undefined) {
        if (ownProvider === undefined) throw notFound(uri);
        return ownProvider.read({ uri, ...(_meta !== undefined && { _meta }) }, ctx);
      }
      const { mount, upstream } = target;
      const result = await mount.pipeline(
        { kind: 'resource', name: uri, upstream, args: {}, request: ctx },
        'error',
        () => mount.server.readResource(upstream, ctx),
      );
      return shownContents(result, mount.server.naming);
    },
    async authorizeSubscribe(uri, ctx) {
      const target = mounted(uri);
      if (target === undefined) return ownProvider?.authorizeSubscribe?.(uri, ctx);
      demand(ctx.authInfo, target.mount.server.mount.scopes, `resource "${uri}"`);
      await target.mount.server.subscribe(target.upstream);
    },
  };
}
