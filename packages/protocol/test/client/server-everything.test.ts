// Our client against the reference server from npm (@modelcontextprotocol/server-everything, built on the official
// SDK), spawned over stdio: lists, calls, progress, sampling, elicitation, roots and cancellation.
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectClient, type McpClient } from '../../src/client.js';
import { StdioClientTransport } from '../../src/client-stdio.js';
import type { JsonRpcMessage } from '../../src/index.js';

const everything = createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json');
const bin = everything.replace(/package\.json$/, 'dist/index.js');

/** The spawned server's transport, recording what the client sent. */
class RecordingTransport extends StdioClientTransport {
  readonly sent: JsonRpcMessage[] = [];
  override send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    this.sent.push(...(Array.isArray(message) ? message : [message]));
    return super.send(message);
  }
}

describe('client ↔ @modelcontextprotocol/server-everything over stdio', () => {
  let client: McpClient;
  let transport: RecordingTransport;
  const sampled: unknown[] = [];
  let roots = [{ uri: 'file:///tmp/decorum-root', name: 'decorum-root' }];

  beforeAll(async () => {
    transport = new RecordingTransport({ command: process.execPath, args: [bin, 'stdio'], stderr: 'pipe' });
    client = await connectClient(transport, {
      clientInfo: { name: 'decorum-test', version: '1.0.0' },
      handlers: {
        sampling: (params) => {
          sampled.push(params);
          return { role: 'assistant', model: 'test-model', content: { type: 'text', text: 'Paris' } };
        },
        elicitation: () => ({ action: 'accept', content: { name: 'Ada Lovelace' } }),
        roots: () => roots,
      },
    });
  });
  afterAll(async () => {
    await client.close();
  });

  it('negotiates and lists every tool, resource and prompt', async () => {
    expect(client.era).toBe('legacy');
    expect(client.serverInfo.name).toMatch(/everything/i);
    const tools = (await client.listTools()).map((t) => t.name);
    for (const name of ['echo', 'trigger-long-running-operation', 'trigger-sampling-request', 'get-roots-list']) {
      expect(tools).toContain(name);
    }
    expect(tools).toContain('trigger-elicitation-request');
    expect((await client.listResources()).length).toBeGreaterThan(0);
    expect((await client.listResourceTemplates()).length).toBeGreaterThan(0);
    expect((await client.listPrompts()).map((p) => p.name)).toContain('simple-prompt');
  });

  it('calls a tool and reads a resource', async () => {
    expect((await client.callTool('echo', { message: 'hi' })).content).toEqual([{ type: 'text', text: 'Echo: hi' }]);
    const [first] = await client.listResources();
    const read = await client.readResource(String(first?.uri));
    expect(read.contents[0]?.uri).toBe(first?.uri);
  });

  it('receives progress', async () => {
    const seen: unknown[] = [];
    const result = await client.callTool(
      'trigger-long-running-operation',
      { duration: 0.3, steps: 3 },
      { onProgress: (p) => seen.push(p) },
    );
    expect(String(result.content[0]?.text)).toContain('Steps: 3');
    expect(seen).toEqual([1, 2, 3].map((progress) => ({ progress, total: 3 })));
  });

  it('answers a sampling request with its handler', async () => {
    const result = await client.callTool('trigger-sampling-request', { prompt: 'capital of France?', maxTokens: 10 });
    expect(String(result.content[0]?.text)).toContain('Paris');
    expect(JSON.stringify(sampled.at(-1))).toContain('capital of France?');
  });

  it('answers an elicitation request with its handler', async () => {
    const result = await client.callTool('trigger-elicitation-request');
    const text = result.content.map((c) => String(c.text)).join('\n');
    expect(text).toContain('Ada Lovelace');
  });

  it('answers roots/list', async () => {
    const result = await client.callTool('get-roots-list');
    expect(String(result.content[0]?.text)).toContain('file:///tmp/decorum-root');
  });

  it('tells the server the roots changed, and it asks again', async () => {
    roots = [{ uri: 'file:///tmp/other-root', name: 'other-root' }];
    await client.notifyRootsChanged();
    const listed = async () => String((await client.callTool('get-roots-list')).content[0]?.text);
    await expect.poll(listed).toContain('file:///tmp/other-root');
  });

  it('cancels a long call: notifications/cancelled goes out and the connection stays usable', async () => {
    const controller = new AbortController();
    const seen = new Promise<void>((resolve) => {
      void client
        .callTool(
          'trigger-long-running-operation',
          { duration: 30, steps: 30 },
          { signal: controller.signal, onProgress: () => resolve() },
        )
        .catch((error: Error) => {
          cancelled = error;
        });
    });
    let cancelled: Error | undefined;
    await seen;
    controller.abort(new Error('stop'));
    await expect.poll(() => cancelled?.message).toBe('stop');
    const call = transport.sent.findLast((m) => 'method' in m && m.method === 'tools/call') as { id: number };
    expect(transport.sent).toContainEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: call.id, reason: 'stop' },
    });
    await expect(client.ping()).resolves.toBeUndefined();
  });

  it('with protocolVersion auto, falls back from server/discover to initialize', async () => {
    const probing = await connectClient(
      new StdioClientTransport({ command: process.execPath, args: [bin], stderr: 'ignore' }),
      {
        protocolVersion: 'auto',
      },
    );
    expect(probing.era).toBe('legacy');
    expect((await probing.callTool('echo', { message: 'auto' })).content).toEqual([
      { type: 'text', text: 'Echo: auto' },
    ]);
    await probing.close();
  });
});
