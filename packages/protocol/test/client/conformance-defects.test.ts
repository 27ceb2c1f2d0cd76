// Three client defects the official client conformance suite found (issue 36): defaults of an accepted elicitation
// (SEP-1034), the retry after -32022 (SEP-2575), and tools with invalid x-mcp-header annotations (SEP-2243).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { connectHttp, connectInMemory } from '../../src/client.js';
import { type JsonObject, ProtocolServer, type ToolDefinition } from '../../src/index.js';
import { type HttpServing, serveHttp } from '../../src/node.js';

const closers: (() => Promise<unknown> | undefined)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('client conformance defects', () => {
  it('fills the schema defaults into an accepted elicitation (SEP-1034)', async () => {
    const server = new ProtocolServer({ serverInfo: { name: 'defaults', version: '1.0.0' } });
    server.setTools({
      list: () => [{ name: 'ask', inputSchema: { type: 'object' } }],
      call: async (_params, ctx) => {
        const answer = await ctx.elicit({
          message: 'Accept the defaults?',
          requestedSchema: {
            type: 'object',
            properties: {
              name: { type: 'string', default: 'John Doe' },
              age: { type: 'integer', default: 30 },
              score: { type: 'number', default: 95.5 },
              status: { type: 'string', enum: ['active', 'inactive'], default: 'active' },
              verified: { type: 'boolean', default: true },
              nickname: { type: 'string' },
            },
          },
        });
        return { content: [{ type: 'text', text: JSON.stringify(answer) }] };
      },
    });
    const client = await connectInMemory(server, {
      handlers: { elicitation: () => ({ action: 'accept', content: { age: 41 } }) },
    });
    closers.push(() => client.close());
    const result = await client.callTool('ask');
    expect(JSON.parse((result.content[0] as unknown as { text: string }).text)).toEqual({
      action: 'accept',
      content: { name: 'John Doe', age: 41, score: 95.5, status: 'active', verified: true },
    });
  });

  it('retries with a version the server lists after -32022 (SEP-2575)', async () => {
    const seen: { header?: string; meta?: unknown; method: string }[] = [];
    const http: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const request = JSON.parse(body) as { id: number; method: string; params: JsonObject };
        const meta = request.params._meta as JsonObject;
        const header = req.headers['mcp-protocol-version'] as string | undefined;
        seen.push({ header, meta: meta['io.modelcontextprotocol/protocolVersion'], method: request.method });
        res.setHeader('content-type', 'application/json');
        if (seen.length === 1) {
          res.writeHead(400);
          const data = { supported: ['2026-07-28'], requested: header };
          res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, error: { code: -32022, message: 'no', data } }));
          return;
        }
        const result =
          request.method === 'server/discover'
            ? {
                supportedVersions: ['2026-07-28'],
                capabilities: { tools: {} },
                serverInfo: { name: 't', version: '1' },
              }
            : { tools: [] };
        res.end(JSON.stringify({ jsonrpc: '2.0', id: request.id, result: { resultType: 'complete', ...result } }));
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((resolve) => http.close(resolve)));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`;
    const client = await connectHttp(url, { protocolVersion: '2026-07-28', listen: false });
    closers.push(() => client.close());
    expect(await client.listTools()).toEqual([]);
    expect(seen).toEqual([
      { header: '2026-07-28', meta: '2026-07-28', method: 'server/discover' },
      { header: '2026-07-28', meta: '2026-07-28', method: 'server/discover' },
      { header: '2026-07-28', meta: '2026-07-28', method: 'tools/list' },
    ]);
  });

  it('has the GET stream open when the opening completes (sse-retry, elicitation on the standalone stream)', async () => {
    const seen: string[] = [];
    const http: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        if (req.method === 'GET') {
          seen.push('GET');
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.write(': open\n\n');
          return;
        }
        if (req.method === 'DELETE') return res.writeHead(405).end();
        const message = JSON.parse(body) as { id?: number; method: string };
        seen.push(message.method);
        if (message.id === undefined) return res.writeHead(202).end();
        const result = {
          protocolVersion: '2025-11-25',
          capabilities: {},
          serverInfo: { name: 'late-get', version: '1' },
        };
        res.writeHead(200, { 'content-type': 'application/json', 'mcp-session-id': 's1' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }));
      });
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    closers.push(() => {
      http.closeAllConnections();
      return new Promise((resolve) => http.close(resolve));
    });
    const client = await connectHttp(`http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`, {
      protocolVersion: '2025-11-25',
    });
    closers.unshift(() => client.close());
    expect(seen).toEqual(['initialize', 'notifications/initialized', 'GET']);
  });

  it('leaves out tools whose x-mcp-header annotation is invalid (SEP-2243)', async () => {
    const tool = (name: string, properties: JsonObject): ToolDefinition => ({
      name,
      inputSchema: { type: 'object', properties },
    });
    const tools = [
      tool('valid', { region: { type: 'string', 'x-mcp-header': 'Region' }, n: { type: 'integer' } }),
      tool('nested_valid', {
        where: { type: 'object', properties: { zone: { type: 'boolean', 'x-mcp-header': 'Z' } } },
      }),
      tool('empty', { v: { type: 'string', 'x-mcp-header': '' } }),
      tool('on_object', { v: { type: 'object', 'x-mcp-header': 'Data' } }),
      tool('on_array', { v: { type: 'array', items: { type: 'string' }, 'x-mcp-header': 'Items' } }),
      tool('on_null', { v: { type: 'null', 'x-mcp-header': 'Nil' } }),
      tool('on_number', { v: { type: 'number', 'x-mcp-header': 'Score' } }),
      tool('same_case', { a: { type: 'string', 'x-mcp-header': 'R' }, b: { type: 'string', 'x-mcp-header': 'R' } }),
      tool('diff_case', { a: { type: 'string', 'x-mcp-header': 'My' }, b: { type: 'string', 'x-mcp-header': 'mY' } }),
      tool('space', { v: { type: 'string', 'x-mcp-header': 'My Region' } }),
      tool('colon', { v: { type: 'string', 'x-mcp-header': 'Region:Primary' } }),
      tool('non_ascii', { v: { type: 'string', 'x-mcp-header': 'Région' } }),
      tool('control', { v: { type: 'string', 'x-mcp-header': 'Region\t1' } }),
      tool('in_items', { v: { type: 'array', items: { type: 'string', 'x-mcp-header': 'Item' } } }),
    ];
    const server = new ProtocolServer({ serverInfo: { name: 'headers', version: '1.0.0' } });
    server.setTools({ list: () => tools, call: () => ({ content: [] }) });
    const serving: HttpServing = await serveHttp(server, { port: 0 });
    closers.push(() => serving.close());
    const warnings: string[] = [];
    const logger = { warn: (message: string) => warnings.push(message), error: () => undefined };
    const modern = await connectHttp(serving.url, { protocolVersion: '2026-07-28', logger, listen: false });
    closers.push(() => modern.close());
    expect((await modern.listTools()).map((t) => t.name)).toEqual(['valid', 'nested_valid']);
    expect((await modern.listToolsPage()).items.map((t) => t.name)).toEqual(['valid', 'nested_valid']);
    expect(warnings.filter((w) => w.includes('"on_number"'))).toHaveLength(2);
    expect(warnings.join('\n')).toContain('Tool "diff_case" left out of tools/list: x-mcp-header "mY" is used twice');
    expect(warnings.join('\n')).toContain('Tool "in_items" left out of tools/list');
    // The rule belongs to the 2026-07-28 HTTP wire: a legacy client keeps every tool.
    const legacy = await connectHttp(serving.url, { protocolVersion: '2025-11-25' });
    closers.push(() => legacy.close());
    expect(await legacy.listTools()).toHaveLength(tools.length);
  });
});
