// How the server listens over HTTP: the MCP endpoint at /mcp and a health check at /health on the
// same port, configured from the environment (PORT, HOST, ALLOWED_HOSTS).
import type { ListenOptions } from '@decorum/core';
// @if auth:oauth
import { signIn } from './sign-in.js';

// @endif

type HttpOptions = Extract<ListenOptions, { http: unknown }>['http'];

/** `GET /health` for load balancers and the Dockerfile's HEALTHCHECK: `{ "status": "ok", "uptimeSeconds": n }`. */
export function healthRoute(startedAt = Date.now()): (request: Request) => Response {
  return (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
    return Response.json({ status: 'ok', uptimeSeconds: Math.round((Date.now() - startedAt) / 1000) });
  };
}

/**
 * The HTTP options of `app.listen`, read from the environment: 127.0.0.1:3000 by default. A wildcard
 * HOST (0.0.0.0 in a container) needs ALLOWED_HOSTS, the names clients use (DNS-rebinding protection).
 * @example
 * await createApp().listen({ http: httpOptions(process.env) });
 */
export function httpOptions(env: Record<string, string | undefined>): HttpOptions {
  const allowedHosts = env.ALLOWED_HOSTS?.split(',').map((name) => name.trim());
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    path: '/mcp',
    routes: { '/health': healthRoute() },
    // SIGTERM/SIGINT end the sessions gracefully and let the process exit.
    handleSignals: true,
    ...(allowedHosts && { originPolicy: { allowedHosts } }),
    // @if auth:oauth
    // Users sign in with GitHub or an OpenID provider (src/sign-in.ts); every MCP request needs a token.
    auth: signIn(env),
    // @endif
  };
}
