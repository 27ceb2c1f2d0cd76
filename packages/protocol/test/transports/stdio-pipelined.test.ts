// Pipelined requests over stdio leave in as few writes as a hand-written floor would: the answers to the frames of one
// read chunk go out in one write, whether the handlers answer at once, through a promise, or both (see
// docs/benchmarks.md, "stdio, 32 pipelined": a write per answer, a syscall each, was once the largest cost of a call).
import { PassThrough, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ProtocolServer } from '../../src/index.js';
import { StdioTransport } from '../../src/stdio.js';

const serverInfo = { name: 'pipelined', version: '1.0.0' };
const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const frame = (value: unknown) => `${JSON.stringify(value)}\n`;

/** An output that records each write (one write on a pipe is one syscall). */
function recordingOutput() {
  const writes: string[] = [];
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString('utf8'));
      done();
    },
  });
  return { output, writes };
}

/** Serves one tool whose handler answers as `how` says for the call with argument `n`. */
async function serve(how: (n: number) => 'sync' | 'promise') {
  const server = new ProtocolServer({ serverInfo });
  server.setTools(
    {
      list: () => [{ name: 'n', inputSchema: { type: 'object' } }],
      call: ({ arguments: args }) => {
        const n = Number((args as { n: number }).n);
        return how(n) === 'sync' ? text(`#${n}`) : Promise.resolve().then(() => text(`#${n}`));
      },
    },
    false,
  );
  const input = new PassThrough();
  const { output, writes } = recordingOutput();
  const transport = new StdioTransport({ input, output });
  const session = await server.connect(transport);
  const answers = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (writes.join('').split('\n').length - 1 >= count) resolve();
        else setImmediate(check);
      };
      check();
    });
  input.write(
    frame({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }) + frame({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  );
  await answers(1);
  writes.length = 0;
  return { input, writes, answers, close: () => session.close() };
}

const calls = (count: number) =>
  Array.from({ length: count }, (_, i) =>
    frame({ jsonrpc: '2.0', id: i + 1, method: 'tools/call', params: { name: 'n', arguments: { n: i + 1 } } }),
  ).join('');

describe('stdio: 32 requests pipelined in one chunk', () => {
  const kinds: Array<[string, (n: number) => 'sync' | 'promise']> = [
    ['handlers that answer at once', () => 'sync'],
    ['handlers that answer through a promise', () => 'promise'],
    ['handlers of both kinds, alternating', (n) => (n % 2 === 0 ? 'sync' : 'promise')],
  ];
  for (const [label, how] of kinds) {
    it(`answers them in one write: ${label}`, async () => {
      const server = await serve(how);
      server.input.write(calls(32));
      await server.answers(32);
      const answered = server.writes
        .join('')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as { id: number; result: { content: Array<{ text: string }> } });
      expect(answered.map((a) => a.id).sort((a, b) => a - b)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
      expect(answered.every((a) => a.result.content[0]?.text === `#${a.id}`)).toBe(true);
      expect(server.writes).toHaveLength(1);
      await server.close();
    });
  }

  it('answers two chunks that arrive apart with a write each, not one per answer', async () => {
    const server = await serve(() => 'sync');
    server.input.write(calls(16));
    await server.answers(16);
    server.input.write(
      Array.from({ length: 16 }, (_, i) =>
        frame({ jsonrpc: '2.0', id: 100 + i, method: 'tools/call', params: { name: 'n', arguments: { n: 100 + i } } }),
      ).join(''),
    );
    await server.answers(32);
    expect(server.writes).toHaveLength(2);
    await server.close();
  });
});
