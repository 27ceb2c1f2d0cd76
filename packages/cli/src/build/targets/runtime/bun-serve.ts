// How the Bun target serves: `Bun.serve` on HOST and PORT from the environment, loopback by default
// (as `app.listen`), the bound address printed once, as `decorum start` does for Node.

/** The part of Bun's server the target uses. */
export interface BunServer {
  readonly url: URL;
  /** Per-request idle timeout in seconds (0: none); Bun 1.1.26 and later. */
  timeout?(request: Request, seconds: number): void;
}

/** The part of the `Bun` global the target uses. */
export interface BunRuntime {
  serve(options: {
    hostname: string;
    port: number;
    idleTimeout: number;
    fetch(request: Request, server: BunServer): Promise<Response>;
  }): BunServer;
}

/**
 * Seconds a connection may sit idle between requests before Bun closes it: past the 60 s idle timeout
 * of common proxies, so the proxy closes first (as Node's keepAliveTimeoutMs default).
 */
const IDLE_SECONDS = 65;

/**
 * Serves `fetch` with `bun.serve` on HOST (default 127.0.0.1) and PORT (default 3000; 0 picks a free
 * port) and prints the MCP endpoint's URL on stderr.
 * @example
 * serveBun(Bun, await fetchHandler(appModule, { target: 'bun', stateless: false }), Bun.env);
 */
export function serveBun(
  bun: BunRuntime,
  fetch: ((request: Request) => Promise<Response>) & { readonly path: string },
  env: Record<string, string | undefined>,
): { url: URL } {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number (0–65535), not "${env.PORT}"`);
  }
  const server = bun.serve({
    hostname: env.HOST ?? '127.0.0.1',
    port,
    idleTimeout: IDLE_SECONDS,
    fetch(request, served) {
      // Bun's idle timeout also runs while a response is pending: a tool that computes for minutes, or
      // a quiet SSE stream between keep-alives, must not be cut. The endpoint bounds requests itself.
      served.timeout?.(request, 0);
      return fetch(request);
    },
  });
  const url = new URL(fetch.path, server.url);
  console.error(`MCP endpoint: ${url}`);
  return { url };
}
