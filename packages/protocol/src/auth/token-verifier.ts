import type { AuthInfo } from '../transports/transport.js';

/**
 * Checks an access token and says who it stands for. Throw {@link InvalidTokenError} (or any
 * error) for a token that must be refused: the request is answered 401 `invalid_token`.
 * @example
 * const verify: TokenVerifier = async (token) => {
 *   const user = await sessions.lookup(token);
 *   if (!user) throw new InvalidTokenError('unknown token');
 *   return { token, subject: user.id, scopes: user.scopes };
 * };
 */
export type TokenVerifier = (token: string) => Promise<AuthInfo>;

/** A credential was refused; the message is sent as `error_description`, so keep it free of secrets. */
export class InvalidTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidTokenError';
  }
}

/** Scopes from the usual claim shapes: `scope` (space-separated, RFC 9068) or `scp` (array or string). */
export function scopesOf(claims: Record<string, unknown>): string[] {
  const raw = claims.scope ?? claims.scp;
  if (typeof raw === 'string') return raw.split(' ').filter((s) => s !== '');
  if (Array.isArray(raw)) return raw.filter((s): s is string => typeof s === 'string');
  return [];
}

/** The principal of a verified token's claims (RFC 9068 / RFC 7662 names). */
export function principalOf(token: string, claims: Record<string, unknown>): AuthInfo {
  const clientId = claims.client_id ?? claims.azp ?? claims.cid;
  return {
    token,
    subject: typeof claims.sub === 'string' ? claims.sub : undefined,
    clientId: typeof clientId === 'string' ? clientId : undefined,
    scopes: scopesOf(claims),
    expiresAt: typeof claims.exp === 'number' ? claims.exp : undefined,
    claims,
  };
}
