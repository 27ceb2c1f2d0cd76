// oidc-provider (the certified Node OpenID Provider) on loopback as the upstream identity provider: its URL is
// known first (the server listens before the provider exists), and the provider is made once the callback URL
// of the Decorum app is known. Dev interactions give it a login form and a consent prompt.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';

export interface OidcUpstream {
  issuer: string;
  /** Refresh grants the provider served. */
  refreshes: number;
  /** Access tokens it issued (kept to prove none leaks). */
  accessTokens: string[];
  /** Makes the provider, with one confidential client whose redirect URI is `callback`. */
  configure(callback: string): void;
  close(): Promise<void>;
}

export const OIDC_CLIENT = { id: 'decorum-app', secret: 'decorum-app-secret-0123456789abcdef' };

export async function startOidcUpstream(): Promise<OidcUpstream> {
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | undefined;
  const server: Server = createServer((req, res) => {
    if (handler === undefined) {
      res.writeHead(503).end();
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const state: OidcUpstream = {
    issuer: `http://127.0.0.1:${port}`,
    refreshes: 0,
    accessTokens: [],
    configure(callback: string) {
      const provider = new Provider(state.issuer, {
        clients: [
          {
            client_id: OIDC_CLIENT.id,
            client_secret: OIDC_CLIENT.secret,
            redirect_uris: [callback],
            grant_types: ['authorization_code', 'refresh_token'],
            response_types: ['code'],
            token_endpoint_auth_method: 'client_secret_post',
          },
        ],
        pkce: { required: () => true },
        features: { devInteractions: { enabled: true } },
        scopes: ['openid', 'offline_access', 'profile'],
        claims: { openid: ['sub'], profile: ['name'] },
        findAccount: async (_ctx, id) => ({
          accountId: id,
          claims: async () => ({ sub: id, name: `User ${id}` }),
        }),
        // Shorter than the vault's refresh margin: every tool call refreshes the upstream token.
        ttl: { AccessToken: 30, IdToken: 300, RefreshToken: 3600, Grant: 3600, Session: 3600, Interaction: 600 },
        cookies: { keys: ['oidc-cookie-key-for-tests-only'] },
      });
      provider.on('grant.success', (ctx) => {
        const body = ctx.oidc.body as Record<string, unknown> | undefined;
        if (body?.grant_type === 'refresh_token') state.refreshes++;
        const issued = (ctx.body as Record<string, unknown> | undefined)?.access_token;
        if (typeof issued === 'string') state.accessTokens.push(issued);
      });
      handler = provider.callback();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return state;
}
