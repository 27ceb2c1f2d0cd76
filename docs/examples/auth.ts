// docs/auth.md: a decorated app behind HTTP authentication, in each mode the resource server offers.
import { Arg, Authorized, type Context, Ctx, McpApp, type McpAppOptions, Tool } from '@decorum/core';
import { IntrospectionVerifier, ResourceServer } from '@decorum/protocol';

@Authorized('notes:read')
export class Notes {
  @Tool({ description: "Lists the caller's notes" })
  list(@Ctx() ctx: Context) {
    return `notes of ${ctx.auth?.subject}`;
  }

  @Tool({ description: 'Deletes a note' })
  @Authorized('notes:write')
  remove(@Arg('id') id: string) {
    return `deleted ${id}`;
  }
}

/** The app; `http` configures the endpoint of `app.fetch` and `app.nodeHandler` (its `auth`, say). */
export function createApp(http?: McpAppOptions['http']): McpApp {
  return new McpApp({ name: 'notes', version: '1.0.0', providers: [Notes], http });
}

/** JWT access tokens, keys from the authorization server's JWKS. */
export function jwtAuth(): ResourceServer {
  return new ResourceServer({
    resource: 'https://mcp.example.com/mcp',
    authorizationServers: ['https://auth.example.com'],
    scopesSupported: ['notes:read'],
    jwt: {
      jwksUrl: 'https://auth.example.com/.well-known/jwks.json',
      issuer: 'https://auth.example.com',
    },
  });
}

/** Opaque tokens, checked by the authorization server's introspection endpoint. */
export function introspectionAuth(secret: string): ResourceServer {
  return new ResourceServer({
    resource: 'https://mcp.example.com/mcp',
    authorizationServers: ['https://auth.example.com'],
    verifyToken: new IntrospectionVerifier({
      endpoint: 'https://auth.example.com/oauth/introspect',
      clientId: 'notes-mcp',
      clientSecret: secret,
      audience: 'https://mcp.example.com/mcp',
    }).verify,
  });
}

/** API keys in a header of your choice, for scripts and CI. */
export function apiKeyAuth(): ResourceServer {
  return new ResourceServer({
    resource: 'http://127.0.0.1:3000/mcp',
    authorizationServers: ['https://auth.example.com'],
    apiKey: {
      header: 'X-Notes-Key',
      keys: { 'nk-reader-1': { subject: 'ci', scopes: ['notes:read'] } },
    },
  });
}

/** Anything else: your own check, for requests with neither a bearer token nor an API key. */
export function customAuth(): ResourceServer {
  return new ResourceServer({
    resource: 'http://127.0.0.1:3000/mcp',
    authorizationServers: ['https://auth.example.com'],
    authenticate: (request) => {
      const user = request.headers.get('x-forwarded-user'); // set by your authenticating proxy
      return user ? { subject: user, scopes: ['notes:read'] } : undefined;
    },
  });
}

export async function serve(): Promise<void> {
  await createApp().listen({ http: { port: 3000, auth: jwtAuth() } });
}
