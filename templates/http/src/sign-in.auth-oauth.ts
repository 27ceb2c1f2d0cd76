// Sign-in: this server is its own OAuth authorization server for MCP clients (metadata, registration by client ID
// metadata document or DCR, PKCE, consent), and users sign in where they already have an account — GitHub, or any
// OpenID Connect provider (Google, Microsoft Entra, Okta, Auth0, Keycloak…). Each user's provider token is kept
// encrypted for the tools (`upstreamToken(ctx.auth)`); the MCP client's token never leaves the server.
// Configured from the environment (see README.md, "Sign-in"):
//   OAUTH_PROVIDER         github (default) | google | oidc
//   OAUTH_ISSUER           the provider's issuer URL, for oidc (e.g. https://acme.okta.com/oauth2/default)
//   OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET    this server's client at the provider
//                                           (callback URL: <MCP_PUBLIC_URL origin>/oauth/callback)
//   OAUTH_ENCRYPTION_KEY   32 random bytes, base64url: openssl rand -base64 32 | tr '+/' '-_' | tr -d '='
//   MCP_PUBLIC_URL         the URL clients use, e.g. https://mcp.example.com/mcp (default: the local endpoint)
//   GITHUB_BASE_URL, GITHUB_API_URL        GitHub Enterprise Server (or a local stand-in in tests)
import { github, google, OAuthServer, oidcProvider } from '@decorum/oauth';

type Env = Record<string, string | undefined>;

function required(env: Env, name: string): string {
  const value = env[name];
  if (value === undefined || value === '') {
    throw new Error(`Sign-in needs ${name} in the environment (see README.md, "Sign-in")`);
  }
  return value;
}

/** The provider users sign in with, from `OAUTH_PROVIDER`. */
function upstream(env: Env) {
  const client = { clientId: required(env, 'OAUTH_CLIENT_ID'), clientSecret: required(env, 'OAUTH_CLIENT_SECRET') };
  const provider = env.OAUTH_PROVIDER ?? 'github';
  if (provider === 'github') return github({ ...client, baseUrl: env.GITHUB_BASE_URL, apiUrl: env.GITHUB_API_URL });
  if (provider === 'google') return google({ ...client, scopes: ['openid', 'profile', 'email'] });
  if (provider === 'oidc') {
    return oidcProvider({ ...client, issuer: required(env, 'OAUTH_ISSUER'), scopes: ['openid', 'profile', 'email'] });
  }
  throw new Error(`OAUTH_PROVIDER must be github, google or oidc (got "${provider}")`);
}

/**
 * The `auth` option of `app.listen`: checked at once (a missing setting stops the server with its name), then
 * called with the MCP endpoint's URL once the server listens.
 * @example
 * await createApp().listen({ http: { port: 3000, auth: signIn(process.env) } });
 */
export function signIn(env: Env): (endpoint: URL) => OAuthServer {
  const provider = upstream(env);
  const encryptionKey = required(env, 'OAUTH_ENCRYPTION_KEY');
  return (endpoint) => {
    const resource = env.MCP_PUBLIC_URL ? new URL(env.MCP_PUBLIC_URL) : endpoint;
    return new OAuthServer({ issuer: resource.origin, resource, upstream: provider, encryptionKeys: [encryptionKey] });
  };
}

/** Where the provider says who the signed-in user is (GitHub's `/user`, or the OpenID provider's userinfo). */
export async function userInfoUrl(env: Env): Promise<string> {
  const provider = env.OAUTH_PROVIDER ?? 'github';
  if (provider === 'github') return `${(env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, '')}/user`;
  const issuer = provider === 'google' ? 'https://accounts.google.com' : required(env, 'OAUTH_ISSUER');
  const discovery = await fetch(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`);
  const { userinfo_endpoint: endpoint } = (await discovery.json()) as { userinfo_endpoint?: string };
  if (endpoint === undefined) throw new Error(`${issuer} publishes no userinfo endpoint`);
  return endpoint;
}
