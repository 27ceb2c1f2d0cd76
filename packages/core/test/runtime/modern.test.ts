// The same decorated app serves 2026-07-28 requests: one handler API, input_required for elicitation,
// per-resource cache hints, and nothing of the modern era leaking into legacy answers.

import { createLinkedTransports } from '@decorum/protocol';
import { describe, expect, it } from 'vitest';
import { RawClient } from '../../../protocol/test/support/raw-client.js';
import { McpApp, Resource } from '../../src/index.js';
import { WeatherServer } from '../fixtures/weather-app.js';

class Cached {
  @Resource('cache://daily', { name: 'daily', cache: { ttlMs: 86_400_000, cacheScope: 'public' } })
  daily() {
    return 'daily';
  }
}

const meta = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': { elicitation: {} },
};

async function connect() {
  const app = new McpApp({ name: 'w', version: '1', providers: [WeatherServer, Cached] });
  const [c, s] = createLinkedTransports();
  await app.connect(s);
  const client = new RawClient(c);
  await client.start();
  return client;
}

describe('a decorated app in the modern era', () => {
  it('turns ctx.elicit(Dto) into input_required, then finishes with the validated answer', async () => {
    const client = await connect();
    const first = await client.request('tools/call', { name: 'confirm', arguments: {}, _meta: meta });
    expect(first.result.resultType).toBe('input_required');
    const [key, input] = Object.entries(first.result.inputRequests)[0] as [
      string,
      { method: string; params: { requestedSchema: unknown } },
    ];
    expect(input.method).toBe('elicitation/create');
    expect(input.params.requestedSchema).toMatchObject({
      type: 'object',
      properties: { confirm: { type: 'boolean' } },
    });
    const done = await client.request('tools/call', {
      name: 'confirm',
      arguments: {},
      inputResponses: { [key]: { action: 'accept', content: { confirm: true } } },
      requestState: first.result.requestState,
      _meta: meta,
    });
    expect(done.result).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'confirmed=true' }] });
  });

  it("uses a resource's own cache hint for 2026-07-28 reads only", async () => {
    const client = await connect();
    const modern = await client.request('resources/read', { uri: 'cache://daily', _meta: meta });
    expect(modern.result).toMatchObject({ resultType: 'complete', ttlMs: 86_400_000, cacheScope: 'public' });
    const templated = await client.request('resources/read', { uri: 'weather://forecast/oslo', _meta: meta });
    expect(templated.result).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
    await client.initialize('2025-11-25');
    const legacy = await client.request('resources/read', { uri: 'cache://daily' });
    expect(Object.keys(legacy.result)).toEqual(['contents']);
  });
});
