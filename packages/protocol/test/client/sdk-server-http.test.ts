// Our client against the official SDK's server (@modelcontextprotocol/sdk 1.32.2 McpServer) over Streamable HTTP:
// a session, SSE responses with progress and request-related logs, server→client requests on a POST's stream, list_changed on the
// GET stream, a stream the server closes resumed with Last-Event-ID, `auto` falling back to initialize, DELETE.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InMemoryEventStore } from '@modelcontextprotocol/sdk/examples/shared/inMemoryEventStore.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp } from '../../src/client.js';

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

function sdkServer(): McpServer {
  const server = new McpServer({ name: 'sdk-server', version: '1.32.2' }, { capabilities: { logging: {} } });
  server.registerTool('hello', { description: 'Says hello' }, () => text('hello from the SDK'));
  server.registerTool('progress', { description: 'Reports progress' }, async (extra) => {
    const token = extra._meta?.progressToken;
    for (let i = 1; i <= 3; i++) {
      if (token !== undefined) {
        await extra.sendNotification({
          method: 'notifications/progress',
          params: { progressToken: token, progress: i, total: 3 },
        });
      }
    }
    await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: 'progressed' } });
    return text('done');
  });
  server.registerTool('sample', { description: 'Asks the model' }, async (extra) => {
    const reply = await server.server.createMessage(
      { messages: [{ role: 'user', content: { type: 'text', text: 'capital?' } }], maxTokens: 5 },
      { relatedRequestId: extra.requestId },
    );
    return text(`model: ${(reply.content as { text: string }).text}`);
  });
  server.registerTool('elicit', { description: 'Asks the user' }, async (extra) => {
    const answer = await server.server.elicitInput(
      { message: 'Name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
      { relatedRequestId: extra.requestId },
    );
    return text(`${answer.action} ${JSON.stringify(answer.content)}`);
  });
  server.registerTool('add-tool', { description: 'Adds a tool (list_changed)' }, () => {
    server.registerTool(`added-${Date.now()}`, { description: 'Added' }, () => text('added'));
    return text('added one');
  });
  server.registerTool('drop', { description: 'Closes its stream mid-way' }, async (extra) => {
    await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: 'before drop' } });
    extra.closeSSEStream?.();
    await new Promise((resolve) => setTimeout(resolve, 30));
    await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: 'after drop' } });
    return text('resumed');
  });
  return server;
}

describe('client ↔ official SDK McpServer over Streamable HTTP', () => {
  let http: Server;
  let url: string;
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const closedSessions: string[] = [];

  beforeAll(async () => {
    http = createServer(async (req, res) => {
      const id = req.headers['mcp-session-id'];
      let transport = typeof id === 'string' ? sessions.get(id) : undefined;
      if (transport === undefined) {
        transport = new StreamableHTTPServerTransport({
          sessionIdGenerator: () => crypto.randomUUID(),
          eventStore: new InMemoryEventStore(),
          retryInterval: 10,
          onsessioninitialized: (sid) => {
            sessions.set(sid, transport as StreamableHTTPServerTransport);
          },
          onsessionclosed: (sid) => {
            closedSessions.push(sid);
          },
        });
        await sdkServer().connect(transport);
      }
      await transport.handleRequest(req, res);
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
  });
  afterAll(async () => {
    http.closeAllConnections();
    await new Promise((resolve) => http.close(resolve));
  });

  const handlers = {
    sampling: () => ({ role: 'assistant', model: 'm', content: { type: 'text', text: 'Paris' } }),
    elicitation: () => ({ action: 'accept', content: { name: 'Ada' } }),
  };

  it('lists and calls, with progress and logs on the POST stream', async () => {
    const client = await connectHttp(url, { handlers, logLevel: 'info' });
    expect(client.serverInfo).toEqual({ name: 'sdk-server', version: '1.32.2' });
    expect((await client.listTools()).map((t) => t.name)).toEqual(
      expect.arrayContaining(['hello', 'progress', 'sample', 'elicit']),
    );
    expect((await client.callTool('hello')).content).toEqual([{ type: 'text', text: 'hello from the SDK' }]);
    const progress: unknown[] = [];
    const logs: unknown[] = [];
    client.on('log', (entry) => logs.push(entry.data));
    await client.callTool('progress', {}, { onProgress: (p) => progress.push(p.progress) });
    expect(progress).toEqual([1, 2, 3]);
    expect(logs).toEqual(['progressed']);
    await client.close();
  });

  it('answers sampling and elicitation that come on the call stream, tied to the call', async () => {
    const related: unknown[] = [];
    const client = await connectHttp(url, {
      handlers: {
        sampling: (_params, ctx) => {
          related.push(ctx.relatedRequestId);
          return handlers.sampling();
        },
        elicitation: handlers.elicitation,
      },
    });
    expect((await client.callTool('sample')).content).toEqual([{ type: 'text', text: 'model: Paris' }]);
    expect(related).toHaveLength(1);
    expect(related[0]).not.toBeUndefined();
    expect((await client.callTool('elicit')).content).toEqual([{ type: 'text', text: 'accept {"name":"Ada"}' }]);
    await client.close();
  });

  it('hears list_changed on the GET stream', async () => {
    const client = await connectHttp(url, { handlers });
    const changed = new Promise<void>((resolve) => client.on('toolsListChanged', resolve));
    await client.callTool('add-tool');
    await changed;
    expect((await client.listTools()).some((t) => t.name.startsWith('added-'))).toBe(true);
    await client.close();
  });

  it('resumes a stream the server closed, with Last-Event-ID', async () => {
    const client = await connectHttp(url, { handlers, logLevel: 'info' });
    const logs: unknown[] = [];
    client.on('log', (entry) => logs.push(entry.data));
    expect((await client.callTool('drop')).content).toEqual([{ type: 'text', text: 'resumed' }]);
    expect(logs).toEqual(['before drop', 'after drop']);
    await client.close();
  });

  it('falls back from server/discover to initialize with protocolVersion auto, and DELETEs the session', async () => {
    const client = await connectHttp(url, { protocolVersion: 'auto' });
    expect(client.era).toBe('legacy');
    expect(client.protocolVersion).toBe('2025-11-25');
    const before = closedSessions.length;
    await client.close();
    expect(closedSessions.length).toBe(before + 1);
    expect(await client.closed).toMatchObject({ reason: 'client' });
  });
});
