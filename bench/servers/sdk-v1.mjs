// The official SDK v1 (@modelcontextprotocol/sdk 1.32.2): McpServer with a zod input schema,
// served the way its README does it (StreamableHTTPServerTransport per session, or per request
// when stateless), on plain node:http.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import * as z from 'zod';
import { DESCRIPTION, forecastText, isMain, parseArgs, ready, toolNames } from './common.mjs';

const input = {
  city: z.string().min(1).describe('City name'),
  days: z.number().int().min(1).max(14).describe('Number of days'),
  units: z.enum(['metric', 'imperial']).describe('Unit system'),
};

export function createServerInstance(toolCount) {
  const server = new McpServer({ name: 'sdk-v1', version: '1.0.0' });
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

function serveHttp(toolCount, stateless) {
  const sessions = new Map();
  const http = createServer(async (req, res) => {
    if (stateless) {
      const server = createServerInstance(toolCount);
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => {
        transport.close();
        server.close();
      });
      await server.connect(transport);
      return transport.handleRequest(req, res);
    }
    const id = req.headers['mcp-session-id'];
    let transport = id ? sessions.get(id) : undefined;
    if (!transport && !id) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => sessions.set(sid, transport),
      });
      transport.onclose = () => sessions.delete(transport.sessionId);
      await createServerInstance(toolCount).connect(transport);
    }
    if (!transport) return res.writeHead(404).end();
    return transport.handleRequest(req, res);
  });
  http.keepAliveTimeout = 60_000;
  http.listen(0, '127.0.0.1', () => ready(`http://127.0.0.1:${http.address().port}/mcp`));
}

if (isMain(import.meta.url)) {
  const args = parseArgs();
  if (args.http) serveHttp(args.tools, args.stateless);
  else {
    await createServerInstance(args.tools).connect(new StdioServerTransport());
    ready();
  }
}
