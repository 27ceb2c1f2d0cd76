// Acceptance of mounts (#24): one hub app mounts the published @modelcontextprotocol/server-everything
// (spawned over stdio), Decorum's everything example and a small waiter app (both over HTTP on free
// ports), and serves them over Streamable HTTP. The official v1 client and the v2 client in both eras
// list and call through it: sampling and elicitation that the mounted servers start reach the client
// (legacy: as requests on its session; modern: as input_required), progress comes back, cancellation
// reaches the mounted server.
import { http, McpApp, stdio } from '@decorum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestClient, serveWaiter, type TestClient, type Waiter, WRAPPER } from './mount-support.js';

const KINDS = ['v1', 'v2-legacy', 'v2-modern'] as const;
// By path at run time: the example is its own TypeScript project (a static import would pull it into this one).
const EVERYTHING = '../../examples/everything/src/server.ts';

let hub: McpApp;
let everything: McpApp;
let waiterApp: McpApp;
let waiter: Waiter;
let url: URL;

beforeAll(async () => {
  const { createEverythingApp } = (await import(/* @vite-ignore */ EVERYTHING)) as { createEverythingApp(): McpApp };
  everything = createEverythingApp();
  const served = await everything.listen({ http: { port: 0 } });
  const waiting = await serveWaiter();
  waiterApp = waiting.app;
  waiter = waiting.waiter;
  hub = new McpApp({
    name: 'hub',
    version: '1.0.0',
    providers: [],
    mounts: [
      { prefix: 'ev', server: stdio(process.execPath, [WRAPPER], { stderr: 'pipe' }) },
      { prefix: 'dx', server: http(served.url as URL) },
      // The same example again, spoken to in the modern era (2026-07-28): its questions come as input_required.
      { prefix: 'dxm', server: http(served.url as URL, { protocolVersion: '2026-07-28' }) },
      { prefix: 'w', server: http(waiting.url) },
    ],
    transforms: { tools: { 'ev_get-env': { hidden: true } } },
  });
  url = (await hub.listen({ http: { port: 0 } })).url as URL;
});

afterAll(async () => {
  await hub?.close();
  await everything?.close();
  await waiterApp?.close();
});

describe.each(KINDS)('a hub of mounted servers, through the %s client', (kind) => {
  let client: TestClient;
  beforeAll(async () => {
    client = await connectTestClient(kind, url);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('lists every mounted server under its prefix, transforms applied', async () => {
    expect(client.era).toBe(kind === 'v2-modern' ? 'modern' : 'legacy');
    const names = await client.listToolNames();
    expect(names).toEqual(
      expect.arrayContaining([
        'ev_echo',
        'ev_trigger-sampling-request',
        'ev_trigger-elicitation-request',
        'ev_trigger-long-running-operation',
        'dx_test_sampling',
        'dx_test_elicitation',
        'dx_test_tool_with_progress',
        'w_wait',
        'w_hello',
      ]),
    );
    expect(names).not.toContain('ev_get-env');
    expect(names.every((n) => /^(ev|dx|dxm|w)_/.test(n))).toBe(true);
  });

  it('calls tools of the stdio and the HTTP mounts', async () => {
    expect((await client.call('ev_echo', { message: kind })).content).toEqual([
      { type: 'text', text: `Echo: ${kind}` },
    ]);
    expect((await client.call('w_hello', { name: kind })).content).toEqual([{ type: 'text', text: `hello ${kind}` }]);
    expect((await client.call('dx_test_simple_text')).content).toEqual([
      { type: 'text', text: 'This is a simple text response for testing.' },
    ]);
  });

  it('reads a mounted resource under its prefixed URI', async () => {
    const text = await client.readText('demo://ev/resource/dynamic/text/1');
    expect(text).toMatch(/Resource 1/);
  });

  it('forwards sampling the mounted servers ask for to the client', async () => {
    const before = client.asked.length;
    const fromNpm = await client.call('ev_trigger-sampling-request', { prompt: 'hi', maxTokens: 5 });
    expect(JSON.stringify(fromNpm.content)).toContain('sampled: Resource trigger-sampling-request context: hi');
    const fromDecorum = await client.call('dx_test_sampling', { prompt: 'ho' });
    expect(fromDecorum.content).toEqual([{ type: 'text', text: 'LLM response: sampled: ho' }]);
    expect(client.asked.slice(before)).toEqual(['sampling', 'sampling']);
  });

  it('forwards elicitation the mounted servers ask for to the client', async () => {
    const before = client.asked.length;
    const fromNpm = await client.call('ev_trigger-elicitation-request');
    expect(JSON.stringify(fromNpm.content)).toMatch(/accept/);
    const fromDecorum = await client.call('dx_test_elicitation', { message: 'Who?' });
    expect((fromDecorum.content as { text: string }[])[0]?.text).toMatch(/^User response: action=accept/);
    expect(client.asked.slice(before)).toEqual(['elicitation', 'elicitation']);
  });

  it('forwards progress from both kinds of mount', async () => {
    const fromNpm: number[] = [];
    const result = await client.call(
      'ev_trigger-long-running-operation',
      { duration: 0.2, steps: 2 },
      { onprogress: (p) => fromNpm.push(p.progress) },
    );
    expect(JSON.stringify(result.content)).toMatch(/Long running operation completed/);
    expect(fromNpm).toEqual([1, 2]);
    const fromDecorum: number[] = [];
    await client.call('dx_test_tool_with_progress', {}, { onprogress: (p) => fromDecorum.push(p.progress) });
    expect(fromDecorum).toEqual([0, 50, 100]);
  });

  it('forwards through a mount that speaks the modern era to its server', async () => {
    const before = client.asked.length;
    expect((await client.call('dxm_test_sampling', { prompt: 'hm' })).content).toEqual([
      { type: 'text', text: 'LLM response: sampled: hm' },
    ]);
    const elicited = await client.call('dxm_test_elicitation', { message: 'Who?' });
    expect((elicited.content as { text: string }[])[0]?.text).toMatch(/^User response: action=accept/);
    expect(client.asked.slice(before)).toEqual(['sampling', 'elicitation']);
    const progress: number[] = [];
    await client.call('dxm_test_tool_with_progress', {}, { onprogress: (p) => progress.push(p.progress) });
    expect(progress).toEqual([0, 50, 100]);
  });

  it('forwards cancellation to the mounted server', async () => {
    const expected = waiter.expectCall();
    const abort = new AbortController();
    const call = client.call('w_wait', {}, { signal: abort.signal });
    await expected.started.promise;
    abort.abort(new Error('enough'));
    await expect(call).rejects.toThrow();
    expect(await expected.cancelled.promise).toBeTruthy();
  });
});
