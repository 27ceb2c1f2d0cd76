// Sessions (both Streamable HTTP and legacy HTTP+SSE) and 2026-07-28 request states are bound to the
// principal: `subject`, else `clientId`. A credential that names neither would bind them to nobody,
// and anyone else without a name could then use them; such a caller gets an identity of its own.
import type { AuthInfo } from '../transports/transport.js';

/** The prefix of the `clientId` given to a credential that names no principal. */
export const UNNAMED_PRINCIPAL_PREFIX = 'token:';

/**
 * The principal as sessions and request states see it. A credential with neither `subject` nor
 * `clientId` becomes its own principal: `clientId` = `token:` + a SHA-256 digest of the credential,
 * so what it opens cannot be shared with any other caller (not even one with the same claims).
 * Undefined when the caller cannot be told apart from another at all (no identity, no token): the
 * endpoint refuses it.
 * @example await identified({ token: 'opaque', scopes: [] }) // { token: 'opaque', clientId: 'token:9f86…', scopes: [] }
 */
export async function identified(auth: AuthInfo): Promise<AuthInfo | undefined> {
  if (auth.subject !== undefined || auth.clientId !== undefined) return auth;
  if (auth.token === undefined || auth.token === '') return undefined;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(auth.token));
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return { ...auth, clientId: `${UNNAMED_PRINCIPAL_PREFIX}${hex}` };
}
