// SEP-2575: a modern request refused with -32022 lists the revisions the server supports; the client retries once
// with the newest one both speak.
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import { MODERN_PROTOCOL_VERSIONS } from '../versions.js';

/** The modern revision to retry with after `error`, or undefined when it is not a -32022 naming one we speak. */
export function versionToRetry(error: unknown): string | undefined {
  if (!(error instanceof McpError) || error.code !== ErrorCode.UnsupportedProtocolVersion) return undefined;
  const supported = (error.data as { supported?: unknown } | undefined)?.supported;
  if (!Array.isArray(supported)) return undefined;
  return [...MODERN_PROTOCOL_VERSIONS].reverse().find((version) => supported.includes(version));
}

/** Runs `attempt`; after a -32022 naming a revision we speak (when `modern()`), `adopt`s it and runs it once more. */
export async function retryingVersion<T>(
  attempt: () => Promise<T>,
  modern: () => boolean,
  adopt: (version: string) => void,
): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    const common = modern() ? versionToRetry(error) : undefined;
    if (common === undefined) throw error;
    adopt(common);
    return attempt();
  }
}
