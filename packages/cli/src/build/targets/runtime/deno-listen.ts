// Where the Deno target's `Deno.serve` listens: HOST and PORT from the environment, loopback by
// default (as `app.listen`), and the bound address printed once, as `decorum start` does for Node.

/** Options for `Deno.serve`: HOST (default 127.0.0.1) and PORT (default 8000; 0 picks a free port); `path` is only printed. */
export function denoListenOptions(
  env: Record<string, string | undefined>,
  path = '/mcp',
): {
  hostname: string;
  port: number;
  onListen(address: { hostname: string; port: number }): void;
} {
  const port = Number(env.PORT ?? 8000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number (0–65535), not "${env.PORT}"`);
  }
  const hostname = env.HOST ?? '127.0.0.1';
  return {
    hostname,
    port,
    onListen: (address) => {
      const shown = address.hostname.includes(':') ? `[${address.hostname}]` : address.hostname;
      console.error(`MCP endpoint: http://${shown}:${address.port}${path}`);
    },
  };
}
