// Bounded (#36): a mounted server that sends 2,000 tools/list_changed in a burst costs a bounded number of tools/list
// upstream (a burst is coalesced: one list at a time, one more after it when more were announced meanwhile), and the
// hub's clients are told only when the list really changed.
import { McpApp, stdio } from '@decorum/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deferred } from './mount-support.js';

const QUESTIONS = new URL('./fixtures/questions-server.mjs', import.meta.url).pathname;

let hub: McpApp;
let client: Client;
let told = 0;
let change = deferred();

beforeAll(async () => {
  hub = new McpApp({
    name: 'hub',
    version: '1.0.0',
    providers: [],
    mounts: [{ prefix: 'q', server: stdio(process.execPath, [QUESTIONS], { stderr: 'ignore' }) }],
  });
  const { url } = await hub.listen({ http: { port: 0 } });
  client = new Client({ name: 'counter', version: '1' });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    told += 1;
    change.resolve();
    change = deferred();
  });
  await client.connect(new StreamableHTTPClientTransport(url as URL));
});

afterAll(async () => {
  await client?.close();
  await hub?.close();
});

const text = async (name: string, args: Record<string, unknown> = {}) =>
  ((await client.callTool({ name, arguments: args })).content as { text: string }[])[0]?.text;

describe('a burst of tools/list_changed from a mounted server', () => {
  it('is coalesced upstream and forwarded only when the list changed', async () => {
    const before = Number(await text('q_lists'));
    expect(await text('q_storm', { n: 2000 })).toBe('sent');
    // Then one real change (a tool added, announced again): the clients must come to see it.
    expect(await text('q_storm', { n: 1, change: true })).toBe('sent');
    for (;;) {
      const next = change.promise;
      const names = (await client.listTools()).tools.map((t) => t.name);
      if (names.includes('q_added-1')) break;
      await next;
    }
    const listed = Number(await text('q_lists')) - before;
    expect(listed).toBeGreaterThanOrEqual(1);
    expect(listed).toBeLessThanOrEqual(6);
    // Told of the one change (at most twice: a list that started before the change and one after it).
    expect(told).toBeGreaterThanOrEqual(1);
    expect(told).toBeLessThanOrEqual(2);
  });
});
