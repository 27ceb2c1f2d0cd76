import { describe, expect, it } from 'vitest';
import { createLinkedTransports } from '../../src/index.js';
import { createFixtureServer } from '../fixtures/fixture-server.js';
import { RawClient } from '../support/raw-client.js';

async function connect(): Promise<RawClient> {
  const [clientSide, serverSide] = createLinkedTransports();
  await createFixtureServer({ cancelled: [], logged: [] }).connect(serverSide);
  const client = new RawClient(clientSide);
  await client.start();
  return client;
}

const errorFor = (client: RawClient, id: unknown) => client.waitFor((m) => m.id === id && 'error' in m);

describe('hostile input over one connection', () => {
  it('answers each bad message with the right error and keeps serving', async () => {
    const client = await connect();
    const cases: [unknown, number, RegExp][] = [
      [42, -32600, /must be a JSON object/],
      ['text', -32600, /must be a JSON object/],
      [null, -32600, /must be a JSON object/],
      [{ jsonrpc: '1.0', id: 1, method: 'ping' }, -32600, /"jsonrpc" must be "2.0"/],
      [{ jsonrpc: '2.0', id: 2 }, -32600, /needs "method"/],
      [{ jsonrpc: '2.0', id: 3, method: 7 }, -32600, /"method" must be a non-empty string/],
      [{ jsonrpc: '2.0', id: null, method: 'ping' }, -32600, /MCP forbids null/],
      [{ jsonrpc: '2.0', id: 4, method: 'ping', params: [1, 2] }, -32600, /"params" must be an object/],
    ];
    for (const [value, code, message] of cases) {
      const before = client.received.length;
      await client.send(value);
      const reply = await client.waitFor((m) => client.received.indexOf(m) >= before && 'error' in m);
      expect(reply.error.code, JSON.stringify(value)).toBe(code);
      expect(reply.error.message).toMatch(message);
      expect(await client.request('ping')).toMatchObject({ result: {} });
    }
  });

  it('refuses requests before initialize (ping excepted) and a second initialize', async () => {
    const client = await connect();
    expect(await client.request('ping')).toMatchObject({ result: {} });
    const early = await client.request('tools/list');
    expect(early.error).toMatchObject({ code: -32600, message: expect.stringMatching(/not initialized/) });
    const badInit = await client.request('initialize', { protocolVersion: '2025-06-18' });
    expect(badInit.error.code).toBe(-32602);
    await client.initialize('2025-06-18');
    const again = await client.request('initialize', {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name: 'x', version: '1' },
    });
    expect(again.error).toMatchObject({ code: -32600, message: expect.stringMatching(/already initialized/) });
    expect((await client.request('tools/list')).result.tools.length).toBeGreaterThan(0);
  });

  it('answers an unknown revision with the newest one', async () => {
    const client = await connect();
    const response = await client.initialize('1999-01-01');
    expect(response.result.protocolVersion).toBe('2025-11-25');
  });

  it('rejects a duplicate id while the first request is in flight, and ignores unknown response ids', async () => {
    const client = await connect();
    await client.initialize('2025-11-25');
    await client.send({ jsonrpc: '2.0', id: 'dup', method: 'tools/call', params: { name: 'wait-for-cancel' } });
    await client.send({ jsonrpc: '2.0', id: 'dup', method: 'ping' });
    const duplicate = await errorFor(client, 'dup');
    expect(duplicate.error).toMatchObject({ code: -32600, message: expect.stringMatching(/already in flight/) });
    await client.send({ jsonrpc: '2.0', id: 'never-asked', result: {} });
    await client.send({ jsonrpc: '2.0', id: 'never-asked-2', error: { code: 1, message: 'x' } });
    expect(await client.request('ping')).toMatchObject({ result: {} });
    await client.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'dup' } });
    expect(await client.request('ping')).toMatchObject({ result: {} });
    expect(client.received.filter((m) => m.id === 'dup')).toHaveLength(1);
  });

  it('answers unknown methods with -32601 and bad params with -32602 naming the field', async () => {
    const client = await connect();
    await client.initialize('2025-11-25');
    expect((await client.request('tools/frobnicate')).error).toMatchObject({ code: -32601 });
    expect((await client.request('tools/call', { arguments: {} })).error).toMatchObject({
      code: -32602,
      data: { field: 'name' },
    });
    expect((await client.request('tools/call', { name: 'echo', arguments: [1] })).error.code).toBe(-32602);
    expect((await client.request('prompts/get', { name: 'greet', arguments: { name: 5 } })).error.code).toBe(-32602);
    expect((await client.request('completion/complete', { ref: { type: 'ref/x' } })).error.code).toBe(-32602);
  });

  it('answers method names of Object.prototype with -32601, not an internal error', async () => {
    const logged: string[] = [];
    const [clientSide, serverSide] = createLinkedTransports();
    await createFixtureServer({ cancelled: [], logged }).connect(serverSide);
    const client = new RawClient(clientSide);
    await client.start();
    await client.initialize('2025-11-25');
    for (const method of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty']) {
      const reply = await client.request(method);
      expect(reply.error, method).toMatchObject({ code: -32601, message: `Method not found: ${method}` });
    }
    expect(logged).toEqual([]);
  });

  it('accepts batches only in 2025-03-26: responses come back as one batch, notifications get none', async () => {
    const old = await connect();
    await old.initialize('2025-03-26');
    const before = old.received.length;
    await old.send([
      { jsonrpc: '2.0', id: 'a', method: 'ping' },
      { jsonrpc: '2.0', method: 'notifications/roots/list_changed' },
      { jsonrpc: '2.0', id: 'b', method: 'tools/frobnicate' },
    ]);
    const batch = await old.waitFor((m) => Array.isArray(m));
    expect(batch).toEqual([
      { jsonrpc: '2.0', id: 'a', result: {} },
      { jsonrpc: '2.0', id: 'b', error: expect.objectContaining({ code: -32601 }) },
    ]);
    await old.send([{ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }]);
    await old.send([]);
    const empty = await old.waitFor((m) => !Array.isArray(m) && m.id === null);
    expect(empty.error.message).toMatch(/empty batch/);
    expect(old.received.slice(before).filter(Array.isArray)).toHaveLength(1);

    const modern = await connect();
    await modern.initialize('2025-06-18');
    await modern.send([{ jsonrpc: '2.0', id: 'c', method: 'ping' }]);
    const refused = await modern.waitFor((m) => m.id === null);
    expect(refused.error).toMatchObject({ code: -32600, message: expect.stringMatching(/batches are not supported/) });
    expect(await modern.request('ping')).toMatchObject({ result: {} });
  });
});
