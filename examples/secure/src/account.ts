// A public tool: no `@Authorized`, so every caller sees it, over stdio too. Over HTTP it reports who
// the bearer token says the caller is; over stdio there is no HTTP authentication, so no caller.
import { type Context, Ctx, Tool } from '@decorum/core';

export class Account {
  @Tool({ description: 'Tells who the caller is and which scopes it holds', annotations: { readOnlyHint: true } })
  whoami(@Ctx() ctx: Context) {
    const auth = ctx.auth;
    if (auth === undefined) return 'No signed-in caller: this transport has no HTTP authentication (stdio).';
    const scopes = auth.scopes?.length ? auth.scopes.join(' ') : '(none)';
    return `Signed in as ${auth.subject ?? '?'} (client ${auth.clientId ?? '?'}); scopes: ${scopes}`;
  }
}
