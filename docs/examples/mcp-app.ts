// McpApp: one object that scans the providers, builds every handler and serves them. Used by docs/mcp-app.md.
// Run it: node --conditions=@decorum/source --import @decorum/cli/register docs/examples/mcp-app.ts [--http]
import 'reflect-metadata';
import { Arg, McpApp, Tool } from '@decorum/core';

export class Echo {
  @Tool({ description: 'Repeats a message' })
  echo(@Arg('message') message: string): string {
    return message;
  }
}

export class Admin {
  @Tool({ description: 'Reports the server uptime' })
  uptime(): string {
    return `${Math.round(performance.now() / 1000)} s`;
  }
}

export function createApp(): McpApp {
  return new McpApp({
    name: 'echo',
    version: '1.0.0',
    title: 'Echo server',
    instructions: 'Call "echo" with a message to hear it back.',
    providers: [Echo],
  });
}

/** Serves over stdio, the way a desktop client spawns a server. */
export async function serveStdio(): Promise<McpApp> {
  const app = createApp();
  await app.listen({ stdio: true });
  return app;
}

/** Serves Streamable HTTP on node:http (127.0.0.1 by default; port 0 picks a free port). */
export async function serveHttp(port = 3000): Promise<{ app: McpApp; url: URL }> {
  const app = createApp();
  const { url } = await app.listen({ http: { port, path: '/mcp' } });
  console.error(`MCP endpoint: ${url}`); // stderr: in stdio mode stdout carries only protocol frames
  return { app, url: url as URL };
}

/** Adds and removes providers while clients are connected; they get list_changed notifications. */
export function toggleAdmin(app: McpApp, on: boolean): void {
  if (on) app.add(Admin);
  else app.remove(Admin);
}

// Serve when run as a program, not when imported (by the tests, or by your own code).
if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  if (process.argv.includes('--http')) await serveHttp();
  else await serveStdio();
}
