// The official SDK v2 (@modelcontextprotocol/server 2.4.0): McpServer with a zod (Standard
// Schema) input, served through its own entries: serveStdio, a sessionful
// WebStandardStreamableHTTPServerTransport per session, and createMcpHandler (stateless) —
// mounted on node:http with @hono/node-server, the adapter @modelcontextprotocol/node wraps.
import { randomUUID } from 'node:crypto';
import { serve } from '@hono/node-server';
import {
  createMcpHandler,
  InMemoryTransport,
  McpServer,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';
import { DESCRIPTION, forecastText, isMain, parseArgs, ready, toolNames } from './common.mjs';

const input = z.object({
  city: z.string().min(1).describe('City name'),
  days: z.number().int().min(1).max(14).describe('Number of days'),
  units: z.enum(['metric', 'imperial']).describe('Unit system'),
});

export function createServerInstance(toolCount) {
  const server = new McpServer({ name: 'server-v2', version: '1.0.0' });
  for (const name of toolNames(toolCount)) {
    server.registerTool(name, { description: DESCRIPTION, inputSchema: input }, async (args) => ({
      content: [{ type: 'text', text: forecastText(args) }],
    }));
  }
  return server;
}

export async function inMemory(toolCount) {
  const [client, server] = InMemoryTransport.createLinkedPair();
  await createServerInstance(toolCount).connect(server);
  return client;
}

function sessionful(toolCount) {
  const sessions = new Map();
  return async (request) => {
    const id = request.headers.get('mcp-session-id');
    let transport = id ? sessions.get(id) : undefined;
    if (!transport && !id) {
      transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => sessions.set(sid, transport),
      });
      transport.onclose = () => sessions.delete(transport.sessionId);
      await createServerInstance(toolCount).connect(transport);
    }
    if (!transport) return new Response(null, { status: 404 });
    return transport.handleRequest(request);
  };
}

if (isMain(import.meta.url)) {
  const args = parseArgs();
  if (args.http) {
    const fetch = args.stateless
      ? createMcpHandler(() => createServerInstance(args.tools)).fetch
      : sessionful(args.tools);
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      ready(`http://127.0.0.1:${info.port}/mcp`),
    );
    server.keepAliveTimeout = 60_000;
  } else {
    serveStdio(() => createServerInstance(args.tools));
    ready();
  }
}
