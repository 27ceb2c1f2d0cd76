// A scripted modern (2026-07-28) session over an in-memory pair, in raw JSON: no initialize, every
// request with the per-request _meta envelope. It covers every client request of the revision, every
// notification a server sends, multi round-trip requests, a subscription, and the modern errors; each
// message the server sends must validate against the 2026-07-28 schema, closed (a field the revision
// does not define fails).
import { describe, expect, it } from 'vitest';
import { createLinkedTransports } from '../../packages/protocol/src/index.js';
import { createFixtureServer } from '../../packages/protocol/test/fixtures/fixture-server.js';
import { RawClient } from '../../packages/protocol/test/support/raw-client.js';
import { validateServerMessage } from '../support/spec-schema.js';
import {
  CLIENT_CAPABILITIES,
  type Message,
  modernMeta,
  PROTOCOL_VERSION_KEY,
  ROOTS,
  SUBSCRIPTION_ID_KEY,
} from './modern-support.js';

/** The client's answer to each kind of embedded input request. */
function answer(request: Message): Record<string, unknown> {
  switch (request.method) {
    case 'elicitation/create': {
      const topic = request.params?.requestedSchema?.properties?.topic;
      return { action: 'accept', content: topic ? { topic: 'owls' } : { name: 'Ada' } };
    }
    case 'sampling/createMessage':
      return { role: 'assistant', model: 'm', content: { type: 'text', text: 'ok' }, stopReason: 'endTurn' };
    case 'roots/list':
      return { roots: ROOTS };
    default:
      throw new Error(`unexpected input request ${request.method}`);
  }
}

async function scriptedSession(): Promise<{ received: Message[]; methods: Record<string, string> }> {
  const [clientSide, serverSide] = createLinkedTransports();
  await createFixtureServer({ cancelled: [], logged: [] }).connect(serverSide);
  const client = new RawClient(clientSide);
  await client.start();
  const methods: Record<string, string> = {};
  let n = 0;
  const send = (method: string, params: Record<string, unknown>) => {
    const id = `r${n++}`;
    methods[id] = method;
    return client.request(method, params, id);
  };
  const call = (
    method: string,
    params: Record<string, unknown> = {},
    capabilities: Record<string, unknown> = CLIENT_CAPABILITIES,
  ) => send(method, { ...params, _meta: { ...modernMeta(capabilities), ...(params._meta as object | undefined) } });
  /** Sends a request and fulfils input_required rounds until it completes (as a client would). */
  const fulfil = async (method: string, params: Record<string, unknown>) => {
    let response = await call(method, params);
    for (let round = 0; response.result?.resultType === 'input_required' && round < 5; round++) {
      const asked = (response.result.inputRequests ?? {}) as Record<string, Message>;
      const inputResponses = Object.fromEntries(Object.entries(asked).map(([key, r]) => [key, answer(r)]));
      const retry: Record<string, unknown> = { ...params, inputResponses };
      if (response.result.requestState !== undefined) retry.requestState = response.result.requestState;
      response = await call(method, retry);
    }
    expect(response.result?.resultType, `${method} completes`).toBe('complete');
    return response;
  };

  await call('server/discover');
  for (const list of ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']) {
    let cursor: string | undefined;
    do {
      const page = await call(list, cursor ? { cursor } : {});
      cursor = page.result?.nextCursor;
    } while (cursor);
  }
  await call('tools/list', { cursor: 'not-a-cursor' });

  // Plain tools, with progress and per-request logging.
  for (const name of ['echo', 'structured', 'mixed-content', 'fail', 'nope']) {
    await call('tools/call', { name, arguments: { text: 'x' } });
  }
  await call('tools/call', { name: 'progress', arguments: {}, _meta: { progressToken: 'p-1' } });
  await call('tools/call', { name: 'log', arguments: {}, _meta: { 'io.modelcontextprotocol/logLevel': 'debug' } });
  await call('tools/call', { name: 'log', arguments: {} });

  // Multi round-trip requests: one input, several at once, several rounds; prompts and resources too.
  for (const name of ['sample', 'elicit', 'roots', 'elicit-and-sample', 'three-rounds']) {
    await fulfil('tools/call', { name, arguments: { prompt: 'hi' } });
  }
  await fulfil('prompts/get', { name: 'ask-topic' });
  await fulfil('resources/read', { uri: 'test://roots' });

  // A subscription: acknowledged, then only what it asked for, then cancelled by the client.
  const listenId = 'sub-1';
  methods[listenId] = 'subscriptions/listen';
  await client.send({
    jsonrpc: '2.0',
    id: listenId,
    method: 'subscriptions/listen',
    params: {
      _meta: modernMeta(),
      notifications: {
        toolsListChanged: true,
        promptsListChanged: true,
        resourcesListChanged: true,
        resourceSubscriptions: ['test://item/1'],
      },
    },
  });
  const onStream = (method: string) => (m: Message) =>
    m.method === method && m.params?._meta?.[SUBSCRIPTION_ID_KEY] === listenId;
  await client.waitFor(onStream('notifications/subscriptions/acknowledged'));
  await call('tools/call', { name: 'change-tools', arguments: {} });
  await client.waitFor(onStream('notifications/tools/list_changed'));
  await call('tools/call', { name: 'touch', arguments: { uri: 'test://item/2' } });
  await call('tools/call', { name: 'touch', arguments: { uri: 'test://item/1' } });
  await client.waitFor(onStream('notifications/resources/updated'));
  await client.send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: listenId } });

  // The rest of the revision's requests, and its errors.
  await call('resources/read', { uri: 'test://item/3' });
  await call('resources/read', { uri: 'test://missing' });
  await call('prompts/get', { name: 'greet', arguments: { name: 'Ada' } });
  await call('prompts/get', { name: 'greet', arguments: { name: 5 } });
  await call('completion/complete', {
    ref: { type: 'ref/prompt', name: 'greet' },
    argument: { name: 'name', value: 'a' },
  });
  await call('tools/call', { name: 'elicit', arguments: {} }, {}); // -32021
  await call('no/such/method');
  await call('ping'); // removed in 2026-07-28
  await call('logging/setLevel', { level: 'debug' }); // removed in 2026-07-28
  await call('resources/subscribe', { uri: 'test://item/1' }); // removed in 2026-07-28
  await send('server/discover', { _meta: { ...modernMeta(), [PROTOCOL_VERSION_KEY]: '1900-01-01' } }); // -32022
  await send('server/discover', { _meta: { [PROTOCOL_VERSION_KEY]: '2026-07-28' } }); // -32602: no capabilities
  await send('tools/list', { _meta: { ...modernMeta(), 'io.modelcontextprotocol/logLevel': 'loud' } }); // -32602
  await call('tools/call', { name: 'touch', arguments: { uri: 'test://item/1' } }); // after the cancel: no update
  await call('server/discover');
  return { received: client.received, methods };
}

describe('every message the engine sends in a modern session validates against 2026-07-28 (closed)', () => {
  it('2026-07-28', async () => {
    const { received, methods } = await scriptedSession();
    const kind = (m: Message) => m.method ?? methods[m.id];
    const kinds = new Set(received.map(kind));
    for (const expected of [
      'server/discover',
      'tools/list',
      'resources/list',
      'resources/templates/list',
      'prompts/list',
      'tools/call',
      'resources/read',
      'prompts/get',
      'completion/complete',
      'notifications/progress',
      'notifications/message',
      'notifications/subscriptions/acknowledged',
      'notifications/tools/list_changed',
      'notifications/resources/updated',
    ]) {
      expect(kinds, expected).toContain(expected);
    }
    const results = received.filter((m) => 'result' in m).map((m) => m.result as Message);
    expect(results.filter((r) => r.resultType === 'input_required').length).toBeGreaterThanOrEqual(8);
    const codes = new Set(received.filter((m) => 'error' in m).map((m) => m.error.code));
    for (const code of [-32602, -32603, -32601, -32021, -32022]) expect(codes, String(code)).toContain(code);
    expect(codes).not.toContain(-32002); // the legacy resource-not-found code

    // No server→client requests in this era.
    expect(received.filter((m) => 'method' in m && 'id' in m)).toEqual([]);
    // Only what the subscription asked for: one tools change and one update, for test://item/1,
    // and nothing after its cancellation.
    const tagged = received.filter((m) => m.params?._meta?.[SUBSCRIPTION_ID_KEY] === 'sub-1');
    expect(tagged.map((m) => m.method)).toEqual([
      'notifications/subscriptions/acknowledged',
      'notifications/tools/list_changed',
      'notifications/resources/updated',
    ]);
    expect(tagged[2]?.params.uri).toBe('test://item/1');
    // No untagged notifications other than request-scoped progress and logs.
    const untagged = received.filter((m) => 'method' in m && m.params?._meta?.[SUBSCRIPTION_ID_KEY] === undefined);
    expect(new Set(untagged.map((m) => m.method))).toEqual(
      new Set(['notifications/progress', 'notifications/message']),
    );
    // Logs only for the request that asked (debug: all four levels), none for the one that did not.
    expect(received.filter((m) => m.method === 'notifications/message').map((m) => m.params.level)).toEqual([
      'debug',
      'info',
      'warning',
      'error',
    ]);

    const problems = received.flatMap((message) =>
      validateServerMessage('2026-07-28', message, methods, { closed: true }).map(
        (error) => `${kind(message)}: ${error}`,
      ),
    );
    expect(problems).toEqual([]);
    expect(received.length).toBeGreaterThan(60);
  });
});
