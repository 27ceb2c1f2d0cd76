// Hostile input and shutdown over a real stdio pipe to the engine-only fixture server.
import { afterEach, describe, expect, it } from 'vitest';
import { exited, LineReader, spawnTs } from '../support/spawn-fixture.js';

const FIXTURE = 'packages/protocol/test/fixtures/stdio-server.ts';
const children: ReturnType<typeof spawnTs>[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function start(env: Record<string, string> = {}) {
  const child = spawnTs(FIXTURE, env);
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const out = new LineReader(child.stdout);
  const write = (text: string) => child.stdin.write(text);
  const response = async (id: number | string) => JSON.parse(await out.waitFor((l) => JSON.parse(l).id === id));
  const request = async (id: number, method: string, params: object = {}) => {
    write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return response(id);
  };
  const initialize = async () => {
    const init = await request(0, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    });
    write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
    return init;
  };
  return { child, out, write, request, response, initialize, stderr: () => stderr };
}

describe('stdio: hostile input', () => {
  it('answers invalid JSON, oversized lines and bad messages, and keeps serving the same connection', async () => {
    const server = start({ MAX_FRAME_BYTES: '2048' });
    await server.initialize();
    const nullIdErrors = () => server.out.lines.map((l) => JSON.parse(l)).filter((m) => m.id === null);

    server.write('{"jsonrpc":"2.0", this is not json\n');
    await server.out.waitFor(() => nullIdErrors().length === 1);
    expect(nullIdErrors()[0].error.code).toBe(-32700);
    expect((await server.request(1, 'ping')).result).toEqual({});

    server.write(`{"jsonrpc":"2.0","id":99,"method":"ping","params":{"pad":"${'x'.repeat(10_000)}"}}\n`);
    await server.out.waitFor(() => nullIdErrors().length === 2);
    expect(nullIdErrors()[1].error).toMatchObject({ code: -32600, message: expect.stringMatching(/2048/) });
    expect((await server.request(2, 'tools/call', { name: 'echo', arguments: { text: 'after' } })).result).toEqual({
      content: [{ type: 'text', text: 'after' }],
    });

    server.write('[1,2]\n');
    await server.out.waitFor(() => nullIdErrors().length === 3);
    server.write('{"jsonrpc":"2.0","id":3}\n');
    expect((await server.response(3)).error.code).toBe(-32600);
    expect((await server.request(4, 'nope/nope')).error.code).toBe(-32601);
    server.write('{"jsonrpc":"2.0","id":12345,"result":{}}\n'); // a response to nothing: ignored
    expect((await server.request(5, 'ping')).result).toEqual({});

    // Everything the server wrote is a complete JSON-RPC frame.
    for (const line of server.out.lines) expect(JSON.parse(line).jsonrpc).toBe('2.0');
    expect(server.out.lines.some((l) => JSON.parse(l).id === 12345)).toBe(false);
  });
});

describe('stdio: shutdown', () => {
  it('on SIGTERM, answers the request in flight, then exits with code 0', async () => {
    const server = start();
    await server.initialize();
    server.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'sleep', arguments: { ms: 300 } } })}\n`,
    );
    expect((await server.request(8, 'ping')).result).toEqual({}); // the sleep call is in flight now
    server.child.kill('SIGTERM');
    const reply = await server.response(7);
    expect(reply.result).toEqual({ content: [{ type: 'text', text: 'slept' }] });
    expect(await exited(server.child)).toEqual({ code: 0, signal: null });
  });

  it('exits with code 0 when the client closes stdin', async () => {
    const server = start();
    await server.initialize();
    server.child.stdin.end();
    expect(await exited(server.child)).toEqual({ code: 0, signal: null });
    expect(server.stderr()).not.toMatch(/Error/);
  });
});
