// For each legacy revision, a scripted session covers every method and every server→client message,
// and each message the server sends must validate against that revision's official schema, closed:
// a field the revision does not define fails (the official schemas alone would let it through).
import { describe, expect, it } from 'vitest';
import { createLinkedTransports, LEGACY_PROTOCOL_VERSIONS, versionAtLeast } from '../../packages/protocol/src/index.js';
import { createFixtureServer } from '../../packages/protocol/test/fixtures/fixture-server.js';
import { RawClient } from '../../packages/protocol/test/support/raw-client.js';
import { type SpecVersion, validateServerMessage } from '../support/spec-schema.js';

async function scriptedSession(
  version: string,
): Promise<{ received: Record<string, any>[]; methods: Record<string, string> }> {
  const [clientSide, serverSide] = createLinkedTransports();
  await createFixtureServer({ cancelled: [], logged: [] }).connect(serverSide);
  const client = new RawClient(clientSide);
  const methods: Record<string, string> = {};
  let n = 0;
  const call = (method: string, params: Record<string, unknown> = {}) => {
    const id = `r${n++}`;
    methods[id] = method;
    return client.request(method, params, id);
  };
  // Answer the server's own requests as a client of this revision would.
  const answers: Record<string, Record<string, unknown>> = {
    'sampling/createMessage': { role: 'assistant', model: 'm', content: { type: 'text', text: 'ok' } },
    'elicitation/create': { action: 'accept', content: { name: 'Ada' } },
    'roots/list': { roots: [{ uri: 'file:///tmp', name: 'tmp' }] },
    ping: {},
  };
  const onmessage = clientSide.onmessage;
  clientSide.onmessage = (value) => {
    onmessage?.(value);
    const m = value as Record<string, any>;
    if (m.method && m.id !== undefined) void client.send({ jsonrpc: '2.0', id: m.id, result: answers[m.method] ?? {} });
  };
  await client.start();

  const capabilities: Record<string, unknown> = { sampling: {}, roots: { listChanged: true } };
  if (versionAtLeast(version, '2025-06-18')) capabilities.elicitation = {};
  methods.init = 'initialize';
  await client.request(
    'initialize',
    { protocolVersion: version, capabilities, clientInfo: { name: 'raw', version: '1' } },
    'init',
  );
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  await call('ping');
  for (const list of ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list']) {
    let cursor: string | undefined;
    do {
      const page = await call(list, cursor ? { cursor } : {});
      cursor = page.result?.nextCursor;
    } while (cursor);
  }
  await call('tools/list', { cursor: 'not-a-cursor' });
  await call('resources/subscribe', { uri: 'test://item/1' });
  const tools = ['echo', 'structured', 'mixed-content', 'progress', 'sample', 'elicit', 'roots', 'log', 'fail', 'nope'];
  for (const name of tools) {
    await call('tools/call', { name, arguments: { text: 'x' }, _meta: { progressToken: `p-${name}` } });
  }
  await call('tools/call', { name: 'touch', arguments: { uri: 'test://item/1' } });
  await call('tools/call', { name: 'change-tools', arguments: {} });
  await call('resources/unsubscribe', { uri: 'test://item/1' });
  await call('resources/read', { uri: 'test://item/3' });
  await call('resources/read', { uri: 'test://missing' });
  await call('prompts/get', { name: 'greet', arguments: { name: 'Ada' } });
  await call('completion/complete', {
    ref: { type: 'ref/prompt', name: 'greet' },
    argument: { name: 'name', value: 'a' },
  });
  await call('logging/setLevel', { level: 'error' });
  await call('no/such/method');
  await call('ping');
  return { received: client.received, methods };
}

describe('every message the engine sends validates against the negotiated revision (closed)', () => {
  for (const version of LEGACY_PROTOCOL_VERSIONS) {
    it(version, async () => {
      const { received, methods } = await scriptedSession(version);
      const kinds = new Set(received.map((m) => m.method ?? methods[m.id]));
      // The script really covered the notifications and requests a server sends.
      for (const expected of [
        'notifications/progress',
        'notifications/message',
        'notifications/resources/updated',
        'notifications/tools/list_changed',
        'sampling/createMessage',
        'roots/list',
        'tools/call',
        'completion/complete',
      ]) {
        expect(kinds, expected).toContain(expected);
      }
      if (versionAtLeast(version, '2025-06-18')) expect(kinds).toContain('elicitation/create');
      const problems = received.flatMap((message) =>
        validateServerMessage(version as SpecVersion, message, methods, { closed: true }).map(
          (error) => `${message.method ?? methods[message.id]}: ${error}`,
        ),
      );
      expect(problems).toEqual([]);
      expect(received.length).toBeGreaterThan(40);
    });
  }
});
