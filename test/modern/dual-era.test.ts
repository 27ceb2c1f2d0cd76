// One server, both eras at once: over a single Streamable HTTP endpoint, the v2 client in the modern
// era, the same v2 client in legacy mode (initialize handshake) and the v1 SDK (1.32.2) all work side
// by side, interleaved. Interactive tools run as input_required round trips for the modern client and
// as server→client requests for the legacy ones; a tools change reaches all three, each its own way.
import { type Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StreamableHTTPClientTransport as SdkStreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpServing, serveHttp } from '../../packages/protocol/src/node.js';
import { createFixtureServer } from '../../packages/protocol/test/fixtures/fixture-server.js';
import { type ClientRecord, createSdkClient, pinVersion } from '../../packages/protocol/test/support/sdk-client.js';
import {
  createClient,
  firstText,
  type Message,
  MODERN,
  modernMeta,
  newWire,
  ROOTS,
  rawStdio,
  sentRequests,
  tap,
  type Wire,
} from './modern-support.js';

/** What each client does, the same calls whatever the era. */
interface Calls {
  listToolNames(): Promise<string[]>;
  callText(name: string, args?: Record<string, unknown>): Promise<string | undefined>;
  readText(uri: string): Promise<string | undefined>;
  promptText(name: string, args?: Record<string, string>): Promise<string | undefined>;
}

function v2Calls(client: Client): Calls {
  return {
    listToolNames: async () => (await client.listTools(undefined, { cacheMode: 'bypass' })).tools.map((t) => t.name),
    callText: async (name, args = {}) => firstText(await client.callTool({ name, arguments: args })),
    readText: async (uri) =>
      ((await client.readResource({ uri }, { cacheMode: 'bypass' })).contents[0] as { text?: string }).text,
    promptText: async (name, args) =>
      ((await client.getPrompt({ name, arguments: args })).messages[0]?.content as { text?: string } | undefined)?.text,
  };
}

function sdkCalls(client: ReturnType<typeof createSdkClient>['client']): Calls {
  return {
    listToolNames: async () => {
      const names: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor });
        names.push(...page.tools.map((t) => t.name));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      return names;
    },
    callText: async (name, args = {}) => firstText(await client.callTool({ name, arguments: args })),
    readText: async (uri) => ((await client.readResource({ uri })).contents[0] as { text?: string }).text,
    promptText: async (name, args) =>
      ((await client.getPrompt({ name, arguments: args })).messages[0]?.content as { text?: string } | undefined)?.text,
  };
}

/** A few calls of every kind, interactive ones included; the same answers are expected from every era. */
async function workload(calls: Calls, label: string): Promise<void> {
  for (let round = 0; round < 3; round++) {
    expect(await calls.listToolNames(), label).toEqual(expect.arrayContaining(['echo', 'elicit-and-sample']));
    expect(await calls.callText('echo', { text: `${label} ${round}` }), label).toBe(`${label} ${round}`);
    expect(await calls.callText('elicit-and-sample'), label).toBe('accept: {"name":"Ada"} / "echo:capital of France?"');
    expect(JSON.parse((await calls.callText('three-rounds')) ?? 'null'), label).toEqual({
      name: 'Ada',
      model: 'echo:greet Ada',
      roots: ROOTS,
    });
    expect(await calls.readText(`test://item/${round}`), label).toBe(`item ${round}`);
    expect(await calls.promptText('greet', { name: label }), label).toBe(`Hello ${label}`);
  }
}

/** Resolves on the next call of a notification handler. */
function nextNotification(): { seen: Promise<void>; fire: () => void } {
  let fire: () => void = () => undefined;
  const seen = new Promise<void>((resolve) => (fire = resolve));
  return { seen, fire };
}

describe('one Streamable HTTP endpoint serving the modern and the legacy era at the same time', () => {
  let serving: HttpServing;
  let modern: ReturnType<typeof createClient>;
  let legacy: ReturnType<typeof createClient>;
  let sdk: ReturnType<typeof createSdkClient>;
  const modernWire: Wire = newWire();
  const legacyWire: Wire = newWire();

  beforeAll(async () => {
    serving = await serveHttp(createFixtureServer(), { port: 0 });
    modern = createClient('pinned');
    legacy = createClient('legacy');
    sdk = createSdkClient();
    await Promise.all([
      modern.client.connect(tap(new StreamableHTTPClientTransport(serving.url), modernWire)),
      legacy.client.connect(tap(new StreamableHTTPClientTransport(serving.url), legacyWire)),
      sdk.client.connect(pinVersion(new SdkStreamableHTTPClientTransport(serving.url), undefined, sdk.record)),
    ]);
  });
  afterAll(async () => {
    await Promise.all([modern?.client.close(), legacy?.client.close(), sdk?.client.close()]);
    await serving?.close();
  });

  it('negotiates each client into its own era', () => {
    expect(modern.client.getProtocolEra()).toBe('modern');
    expect(modern.client.getNegotiatedProtocolVersion()).toBe(MODERN);
    expect(legacy.client.getProtocolEra()).toBe('legacy');
    expect(legacy.client.getNegotiatedProtocolVersion()).toBe('2025-11-25');
    expect(sdk.client.getServerVersion()).toMatchObject({ name: 'fixture', version: '1.0.0' });
    expect(sentRequests(modernWire, 'initialize')).toEqual([]);
    expect(sentRequests(legacyWire, 'initialize')).toHaveLength(1);
  });

  it('serves all three interleaved, interactive tools included', async () => {
    await Promise.all([
      workload(v2Calls(modern.client), 'modern'),
      workload(v2Calls(legacy.client), 'legacy'),
      workload(sdkCalls(sdk.client), 'sdk'),
    ]);
    // The modern client got input_required results; the legacy ones got server→client requests.
    const modernResults = modernWire.received.filter((m) => 'result' in m).map((m) => m.result as Message);
    expect(modernResults.some((r) => r.resultType === 'input_required')).toBe(true);
    expect(modernResults.every((r) => typeof r.resultType === 'string')).toBe(true);
    expect(modernWire.received.filter((m) => 'method' in m && 'id' in m)).toEqual([]);

    for (const [label, received] of [
      ['legacy', legacyWire.received],
      ['sdk', (sdk.record as ClientRecord).received as Message[]],
    ] as const) {
      const requests = received.filter((m) => 'method' in m && 'id' in m).map((m) => m.method);
      expect(requests, label).toEqual(
        expect.arrayContaining(['elicitation/create', 'sampling/createMessage', 'roots/list']),
      );
      // Nothing of the modern era leaks into legacy results.
      const results = received.filter((m) => 'result' in m).map((m) => m.result as Message);
      expect(results.length, label).toBeGreaterThan(10);
      for (const result of results) {
        expect(result, label).not.toHaveProperty('resultType');
        expect(result, label).not.toHaveProperty('ttlMs');
        expect(result._meta?.['io.modelcontextprotocol/serverInfo'], label).toBeUndefined();
      }
    }
  });

  it('announces a tools change to all three: on the listen stream and on the legacy sessions', async () => {
    const forModern = nextNotification();
    const forLegacy = nextNotification();
    const forSdk = nextNotification();
    modern.client.setNotificationHandler('notifications/tools/list_changed', forModern.fire);
    legacy.client.setNotificationHandler('notifications/tools/list_changed', forLegacy.fire);
    sdk.client.setNotificationHandler(ToolListChangedNotificationSchema, forSdk.fire);
    const subscription = await modern.client.listen({ toolsListChanged: true });

    // A legacy client changes the tools; every era hears of it.
    expect(await sdkCalls(sdk.client).callText('change-tools')).toBe('changed');
    await Promise.all([forModern.seen, forLegacy.seen, forSdk.seen]);

    await subscription.close();
    expect(modern.errors).toEqual([]);
    expect(legacy.errors).toEqual([]);
  });
});

describe('one stdio process serving both eras', () => {
  it('answers modern requests before and after a legacy initialize, and legacy ones in legacy shape', async () => {
    const raw = rawStdio();
    try {
      const meta = modernMeta();
      // Modern first: no initialize needed.
      const before = await raw.request('tools/call', { name: 'echo', arguments: { text: 'a' }, _meta: meta });
      expect(before.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'a' }] });
      // A legacy client initializes the same process…
      const init = await raw.request('initialize', {
        protocolVersion: '2025-11-25',
        capabilities: {},
        clientInfo: { name: 'legacy', version: '1' },
      });
      expect(init.result?.protocolVersion).toBe('2025-11-25');
      await raw.notify('notifications/initialized', {});
      const legacyCall = await raw.request('tools/call', { name: 'echo', arguments: { text: 'b' } });
      expect(legacyCall.result).toEqual({ content: [{ type: 'text', text: 'b' }] });
      // …and modern requests are still served statelessly, by their own _meta.
      const after = await raw.request('tools/call', { name: 'elicit', arguments: {}, _meta: meta });
      expect(after.result?.resultType).toBe('input_required');
      // A legacy request for the same interactive tool gets a server→client request instead (the legacy
      // client declared no elicitation, so the call fails), never an input_required result.
      const legacyElicit = await raw.request('tools/call', { name: 'elicit', arguments: {} });
      expect(legacyElicit.result?.resultType).toBeUndefined();
    } finally {
      await raw.close();
    }
  });
});
