import type { AuthInfo } from '@decorum/protocol';
import type { TokenVault } from './upstream/token-vault.js';

/** The function an authenticated request carries in `auth.extra.upstream`. */
export type UpstreamAccessor = () => Promise<string>;

/** Binds the vault to one user: the function only ever yields that user's token. */
export function upstreamAccessor(vault: TokenVault, subject: string): UpstreamAccessor {
  return () => vault.accessToken(subject);
}

/**
 * The signed-in user's upstream access token (GitHub, Google…), fresh (refreshed when about to expire). Use it
 * to call the upstream API; never return it, log it or put it in an error. Throws when the request was not
 * authenticated by an {@link OAuthServer} or the user's upstream sign-in is gone.
 * @example
 * @Tool({ description: 'My repositories' })
 * async repos(@Ctx() ctx: Context) {
 *   const token = await upstreamToken(ctx.auth);
 *   const res = await fetch('https://api.github.com/user/repos', { headers: { authorization: `Bearer ${token}` } });
 * }
 */
export function upstreamToken(auth: AuthInfo | undefined): Promise<string> {
  const accessor = auth?.extra?.upstream;
  if (typeof accessor !== 'function') {
    return Promise.reject(new Error('no upstream sign-in: the request was not authorized by an OAuthServer'));
  }
  return (accessor as UpstreamAccessor)();
}
