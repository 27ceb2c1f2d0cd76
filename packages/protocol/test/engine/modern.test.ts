// The modern era (2026-07-28) over one in-memory connection: envelope checks, discover, resultType
// and cache hints, multi-round-trip inputs with a signed requestState, listen streams, logging.
import { describe, expect, it } from 'vitest';
import { createLinkedTransports } from '../../src/index.js';
import { createFixtureServer } from '../fixtures/fixture-server.js';
import { RawClient } from '../support/raw-client.js';

const VERSION = '2026-07-28';
const meta = (
  extra: Record<string, unknown> = {},
  caps: Record<string, unknown> = { elicitation: {}, sampling: {}, roots: {} },
) => ({
  'io.modelcontextprotocol/protocolVersion': VERSION,
  'io.modelcontextprotocol/clientCapabilities': caps,
  'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
  ...extra,
});

async function connect() {
  const [clientSide, serverSide] = createLinkedTransports();
  const server = createFixtureServer({ cancelled: [], logged: [] });
  await server.connect(serverSide);
  const client = new RawClient(clientSide);
  await client.start();
  return { client, server };
}

describe('modern era: envelope and discovery', () => {
  it('serves server/discover without initialize, with versions, capabilities, cache hints and serverInfo', async () => {
    const { client } = await connect();
    const { result } = await client.request('server/discover', { _meta: meta() });
    expect(result).toMatchObject({
      resultType: 'complete',
      supportedVersions: expect.arrayContaining(['2026-07-28', '2025-11-25']),
      capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true } },
      ttlMs: expect.any(Number),
      cacheScope: 'public',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'fixture', version: '1.0.0' } },
    });
  });

  it('rejects a missing envelope field (-32602), an unsupported version (-32022), and legacy-only methods (-32601)', async () => {
    const { client } = await connect();
    const noCaps = await client.request('tools/list', {
      _meta: { 'io.modelcontextprotocol/protocolVersion': VERSION },
    });
    expect(noCaps.error).toMatchObject({
      code: -32602,
      data: { field: '_meta.io.modelcontextprotocol/clientCapabilities' },
    });
    const bad = await client.request('tools/list', {
      _meta: { ...meta(), 'io.modelcontextprotocol/protocolVersion': '2099-01-01' },
    });
    expect(bad.error).toMatchObject({
      code: -32022,
      data: { requested: '2099-01-01', supported: expect.arrayContaining(['2026-07-28']) },
    });
    expect((await client.request('logging/setLevel', { level: 'info', _meta: meta() })).error.code).toBe(-32601);
    expect((await client.request('resources/subscribe', { uri: 'test://item/1', _meta: meta() })).error.code).toBe(
      -32601,
    );
    expect((await client.request('server/discover', {})).error.code).toBe(-32602);
  });

  it('adds resultType and cache hints to lists, and answers unknown resources with -32602', async () => {
    const { client } = await connect();
    const list = await client.request('tools/list', { _meta: meta() });
    expect(list.result).toMatchObject({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'public' });
    expect(list.result.tools.every((t: Record<string, unknown>) => !('execution' in t))).toBe(true);
    const call = await client.request('tools/call', { name: 'echo', arguments: { text: 'hi' }, _meta: meta() });
    expect(call.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'hi' }] });
    expect('ttlMs' in call.result).toBe(false);
    const missing = await client.request('resources/read', { uri: 'test://missing', _meta: meta() });
    expect(missing.error.code).toBe(-32602);
  });
});

describe('modern era: multi-round-trip requests', () => {
  it('asks for several inputs at once, then completes on the retry with the answers', async () => {
    const { client } = await connect();
    const first = await client.request('tools/call', { name: 'elicit-and-sample', arguments: {}, _meta: meta() });
    expect(first.result.resultType).toBe('input_required');
    const keys = Object.keys(first.result.inputRequests);
    expect(keys).toHaveLength(2);
    expect(
      Object.values(first.result.inputRequests)
        .map((r) => (r as { method: string }).method)
        .sort(),
    ).toEqual(['elicitation/create', 'sampling/createMessage']);
    const inputResponses = Object.fromEntries(
      Object.entries(first.result.inputRequests).map(([key, r]) => [
        key,
        (r as { method: string }).method === 'elicitation/create'
          ? { action: 'accept', content: { name: 'Ada' } }
          : { role: 'assistant', model: 'm', content: { type: 'text', text: 'Paris' } },
      ]),
    );
    const second = await client.request('tools/call', {
      name: 'elicit-and-sample',
      arguments: {},
      inputResponses,
      requestState: first.result.requestState,
      _meta: meta(),
    });
    expect(second.result).toMatchObject({
      resultType: 'complete',
      content: [{ type: 'text', text: 'accept: {"name":"Ada"} / "Paris"' }],
    });
  });

  it('carries earlier answers across rounds in the signed state, and rejects a tampered one', async () => {
    const { client } = await connect();
    let params: Record<string, unknown> = { name: 'three-rounds', arguments: {}, _meta: meta() };
    const answers = [
      { action: 'accept', content: { name: 'Ada' } },
      { role: 'assistant', model: 'm', content: { type: 'text', text: 'hello Ada' } },
      { roots: [{ uri: 'file:///w' }] },
    ];
    let rounds = 0;
    let response = await client.request('tools/call', params);
    while (response.result?.resultType === 'input_required') {
      const [key] = Object.keys(response.result.inputRequests);
      const state = response.result.requestState as string;
      if (rounds === 1) {
        const tampered = `${state.slice(0, 10)}${state[10] === 'A' ? 'B' : 'A'}${state.slice(11)}`;
        const refused = await client.request('tools/call', {
          ...params,
          inputResponses: { [key as string]: answers[rounds] },
          requestState: tampered,
        });
        expect(refused.error).toMatchObject({ code: -32602, message: expect.stringMatching(/requestState/) });
      }
      params = { ...params, inputResponses: { [key as string]: answers[rounds] }, requestState: state };
      rounds++;
      response = await client.request('tools/call', params);
    }
    expect(rounds).toBe(3);
    expect(JSON.parse(response.result.content[0].text)).toEqual({
      name: 'Ada',
      model: 'hello Ada',
      roots: [{ uri: 'file:///w' }],
    });
  });

  it('never asks for a capability the request did not declare (-32021)', async () => {
    const { client } = await connect();
    const response = await client.request('tools/call', { name: 'roots', arguments: {}, _meta: meta({}, {}) });
    expect(response.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { roots: {} } } });
  });
});

describe('modern era: listen streams and logging', () => {
  it('acknowledges, then delivers tagged list_changed and resource updates, and stops when cancelled', async () => {
    const { client, server } = await connect();
    await client.send({
      jsonrpc: '2.0',
      id: 'sub-1',
      method: 'subscriptions/listen',
      params: {
        notifications: { toolsListChanged: true, promptsListChanged: true, resourceSubscriptions: ['test://item/1'] },
        _meta: meta(),
      },
    });
    const ack = await client.waitFor((m) => m.method === 'notifications/subscriptions/acknowledged');
    expect(ack.params).toEqual({
      _meta: { 'io.modelcontextprotocol/subscriptionId': 'sub-1' },
      notifications: { toolsListChanged: true, promptsListChanged: true, resourceSubscriptions: ['test://item/1'] },
    });
    server.notifyListChanged('tools');
    server.notifyResourceUpdated('test://item/2');
    server.notifyResourceUpdated('test://item/1');
    const changed = await client.waitFor((m) => m.method === 'notifications/tools/list_changed');
    expect(changed.params._meta['io.modelcontextprotocol/subscriptionId']).toBe('sub-1');
    const updated = await client.waitFor((m) => m.method === 'notifications/resources/updated');
    expect(updated.params.uri).toBe('test://item/1');
    await client.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'sub-1' } });
    await client.request('ping');
    expect(server.listeners.size).toBe(0);
    expect(client.received.some((m) => m.id === 'sub-1')).toBe(false);
  });

  it('sends log messages only when the request carries a logLevel, at or above it', async () => {
    const { client } = await connect();
    await client.request('tools/call', { name: 'log', arguments: {}, _meta: meta() });
    expect(client.received.filter((m) => m.method === 'notifications/message')).toHaveLength(0);
    await client.request('tools/call', {
      name: 'log',
      arguments: {},
      _meta: meta({ 'io.modelcontextprotocol/logLevel': 'warning' }),
    });
    expect(client.received.filter((m) => m.method === 'notifications/message').map((m) => m.params.level)).toEqual([
      'warning',
      'error',
    ]);
  });
});
