// The "everything" server: what the official MCP conformance suite (@modelcontextprotocol/conformance)
// expects of a server, written with Decorum's decorators. Serves Streamable HTTP by default
// (http://127.0.0.1:${PORT:-3000}/mcp), or stdio with --stdio. With REDIS_URL set, it runs as one of
// several instances sharing sessions, events, notifications and requestState keys (docs/scaling.md).
import 'reflect-metadata';
import { McpApp } from '@decorum/core';
import { redisScaleOut } from '@decorum/redis';
import { ClientRequestTools } from './client-request-tools.js';
import { ContentTools, JsonSchemaTools } from './content-tools.js';
import { ListChanges, ModernTools } from './modern-tools.js';
import { TestPrompts } from './prompts.js';
import { TestResources } from './resources.js';
import { TaskTools } from './task-tools.js';

/** Builds the app; serve it with `listen`, or drive it in-process with `connect`. */
export function createEverythingApp(): McpApp {
  const app = new McpApp({
    name: 'decorum-everything',
    version: '0.1.0',
    title: 'Decorum everything server',
    instructions: 'Serves the tools, resources and prompts of the MCP conformance suite.',
    providers: [ContentTools, JsonSchemaTools, ClientRequestTools, ModernTools, TaskTools, TestResources, TestPrompts],
    // The tasks extension's scenarios (SEP-2663): tasks are opt-in, so the suite's server turns them on.
    tasks: { pollIntervalMs: 200 },
    // The Skills extension's scenarios (SEP-2640): one skill teaching the tools above, with a subdirectory.
    skills: { folders: [new URL('../skills', import.meta.url)] },
  });
  app.container.get(ListChanges).attach(app);
  return app;
}

/**
 * Serves the app over HTTP on $PORT (default 3000). With $REDIS_URL, as one of several instances:
 * the one `scaleOut` option shares sessions, SSE events, notifications and requestState keys.
 */
export async function serveEverythingHttp(app: McpApp, env: Record<string, string | undefined> = process.env) {
  const port = Number(env.PORT ?? 3000);
  const redisUrl = env.REDIS_URL;
  // handleSignals: SIGTERM/SIGINT close gracefully and let the process exit.
  const { url } = await app.listen({
    http: {
      port,
      host: '127.0.0.1',
      path: '/mcp',
      handleSignals: true,
      ...(redisUrl ? { scaleOut: redisScaleOut(redisUrl) } : {}),
    },
  });
  console.error(`MCP endpoint: ${url}${redisUrl ? ' (scaled out through Redis)' : ''}`); // stderr, like every message of this program
}

async function main(argv: string[]): Promise<void> {
  const app = createEverythingApp();
  if (argv.includes('--stdio')) {
    await app.listen({ stdio: true }); // stdio ends the process itself on SIGTERM, SIGINT or EOF
    return;
  }
  await serveEverythingHttp(app);
}

// Serve when run as a program (not when imported by the smoke test or vitest).
if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  await main(process.argv.slice(2));
}
