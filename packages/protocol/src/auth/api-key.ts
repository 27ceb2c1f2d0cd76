import type { AuthInfo } from '../transports/transport.js';

/** Who an API key stands for (the key itself is added as `token`). */
export type ApiKeyPrincipal = Omit<AuthInfo, 'token'>;

/** Options of API-key authentication. */
export interface ApiKeyOptions {
  /** The header carrying the key. Default `X-API-Key`. */
  header?: string;
  /**
   * Who a key stands for, or undefined for an unknown key. Either a function (look it up in your
   * store) or a map from key to principal (compared without timing leaks). Give each principal a
   * `subject` or `clientId`: sessions are bound to it (a map entry without either gets `api-key-<n>`).
   */
  keys:
    | ((key: string) => ApiKeyPrincipal | undefined | Promise<ApiKeyPrincipal | undefined>)
    | Readonly<Record<string, ApiKeyPrincipal>>;
}

/** Compares two strings in time that depends only on their lengths. */
function sameKey(a: string, b: string): boolean {
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a.charCodeAt(i) || 0) ^ (b.charCodeAt(i) || 0);
  return diff === 0;
}

/**
 * Looks an API key up: the principal it stands for, or undefined.
 * @example await lookupApiKey({ keys: { 'k-123': { subject: 'ci', scopes: ['notes:read'] } } }, 'k-123');
 */
export async function lookupApiKey(options: ApiKeyOptions, key: string): Promise<AuthInfo | undefined> {
  const { keys } = options;
  if (typeof keys === 'function') {
    const found = await keys(key);
    return found === undefined ? undefined : { ...found, token: key };
  }
  // Every configured key is compared, so the time taken does not tell which one came close.
  let found: ApiKeyPrincipal | undefined;
  let index = -1;
  Object.entries(keys).forEach(([candidate, principal], i) => {
    if (sameKey(candidate, key)) [found, index] = [principal, i];
  });
  if (found === undefined) return undefined;
  // Sessions are bound to subject or client id: a key that names neither still gets an identity of its own.
  const identity = found.subject === undefined && found.clientId === undefined ? { clientId: `api-key-${index}` } : {};
  return { ...identity, ...found, token: key };
}
