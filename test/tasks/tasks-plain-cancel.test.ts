// With tasks on, a plain call of a `task: 'optional'` tool (the client did not ask for a task) is
// still a request: cancelling it must abort the handler's ctx.signal, in both eras, over stdio and
// HTTP. The fixture's `watch` tool reports progress once it runs, then waits for its signal; its
// `abortSeen` tool answers once a `watch` handler saw the abort (no timer decides anything).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { McpApp } from '../../packages/core/src/index.js';
import {
  type ModernRequestOptions,
  modernPost,
  responseMessage,
} from '../../packages/protocol/test/support/raw-http.js';
import { LineReader, spawnTs, tsCommand } from '../support/spawn-fixture.js';
import { createTaskApp } from './fixtures/task-app.js';

type Message = Record<string, any>;
const FIXTURE = 'test/tasks/fixtures/task-app.ts';
const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(closers.map((close) => close()));
});

async function httpApp(): Promise<URL> {
  const app: McpApp = createTaskApp();
  closers.push(() => app.close());
  const { url } = await app.listen({ http: { port: 0 } });
  return new URL(String(url));
}

const textOf = (result: Message) => (result.content as Message[])[0]?.text;

describe.each(['stdio', 'Streamable HTTP'])('2025-11-25 (SDK 1.32.2) over %s', (name) => {
  it('cancelling a plain call of an optional-task tool aborts ctx.signal', async () => {
    const { command, args, cwd } = tsCommand(FIXTURE);
    const transport =
      name === 'stdio'
        ? new StdioClientTransport({ command, args, cwd, stderr: 'ignore' })
        : new StreamableHTTPClientTransport(await httpApp());
    const client = new Client({ name: 'plain-cancel', version: '1.0.0' });
    await client.connect(transport);
    closers.push(() => client.close());
    const abort = new AbortController();
    const call = client.callTool({ name: 'watch', arguments: {} }, undefined, {
      signal: abort.signal,
      onprogress: () => abort.abort('enough'),
    });
    await expect(call).rejects.toThrow();
    const seen = await client.callTool({ name: 'abortSeen', arguments: {} });
    expect(textOf(seen)).toBe('watch saw the abort');
  });
});

const envelope = (progressToken?: number): Message => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
  'io.modelcontextprotocol/clientInfo': { name: 'plain-cancel', version: '1.0.0' },
  ...(progressToken !== undefined ? { progressToken } : {}),
});

describe('2026-07-28 over stdio', () => {
  it('notifications/cancelled for a plain call of an optional-task tool aborts ctx.signal', async () => {
    const child = spawnTs(FIXTURE);
    child.stderr.resume();
    closers.push(async () => {
      child.kill('SIGKILL');
    });
    const out = new LineReader(child.stdout);
    const send = (message: Message) => child.stdin.write(`${JSON.stringify(message)}\n`);
    const parsed = (line: string): Message => {
      try {
        return JSON.parse(line) as Message;
      } catch {
        return {};
      }
    };
    const started = out.waitFor((line) => parsed(line).method === 'notifications/progress');
    send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'watch', arguments: {}, _meta: envelope(7) } });
    await started;
    send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1, reason: 'enough' } });
    const answer = out.waitFor((line) => parsed(line).id === 2);
    send({
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'abortSeen', arguments: {}, _meta: envelope() },
    });
    expect(textOf(parsed(await answer).result)).toBe('watch saw the abort');
  });
});

describe('2026-07-28 over Streamable HTTP', () => {
  it('closing the stream of a plain call of an optional-task tool aborts ctx.signal', async () => {
    const url = await httpApp();
    // No capabilities declared: a plain client, whose call of an optional-task tool is not a task.
    const call = (id: number, name: string, options: ModernRequestOptions = {}) =>
      modernPost(url, id, 'tools/call', { name, arguments: {} }, { capabilities: {}, ...options });
    const abort = new AbortController();
    const response = await call(1, 'watch', { meta: { progressToken: 7 }, signal: abort.signal });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('notifications/progress')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended before the tool reported progress: ${text}`);
      text += decoder.decode(value, { stream: true });
    }
    abort.abort();
    const seen = await call(2, 'abortSeen');
    const message = await responseMessage(seen, 2);
    expect(textOf(message.result)).toBe('watch saw the abort');
  });
});
