// The shared suite: every helper of the test client against one decorated app, run once per era.
import { McpApp } from '@decorum/core';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestClient, ERAS, type TestClient, type TestClientOptions } from '../src/index.js';
import { ExtraTools, NotesServer } from './fixtures/notes-app.js';

const clients: TestClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});

const everything: TestClientOptions = {
  onElicit: () => ({ action: 'accept', content: { name: 'Ada' } }),
  onSample: (params) => `Lisbon (asked: ${JSON.stringify(params.messages[0]?.content)})`,
  roots: [{ uri: 'file:///trips', name: 'trips' }],
};

describe.each(ERAS)('test client, %s era', (era) => {
  async function connect(options: TestClientOptions = {}) {
    const client = await createTestClient([NotesServer], {
      era,
      ...everything,
      appOptions: { pageSize: 2 },
      ...options,
    });
    clients.push(client);
    return client;
  }

  it('opens in the era with the newest revision, and learns the server', async () => {
    const client = await connect({ appOptions: { name: 'notes', version: '2.0.0', instructions: 'Take notes' } });
    expect(client.era).toBe(era);
    expect(client.protocolVersion).toBe(era === 'modern' ? '2026-07-28' : '2025-11-25');
    expect(client.serverInfo).toMatchObject({ name: 'notes', version: '2.0.0' });
    expect(client.instructions).toBe('Take notes');
    expect(client.serverCapabilities).toMatchObject({
      tools: { listChanged: true },
      resources: { subscribe: true },
      prompts: {},
      completions: {},
    });
  });

  it('lists every tool across pages, with DTO schemas', async () => {
    const client = await connect();
    const tools = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['add', 'count', 'plan', 'refuse', 'remember', 'time', 'wait']);
    expect(tools.find((t) => t.name === 'add')).toMatchObject({
      inputSchema: { properties: { a: { type: 'number', description: 'First term' } }, required: ['a', 'b'] },
      outputSchema: { properties: { sum: { type: 'number' } } },
    });
  });

  it('calls a tool: text, structured content, and isError for bad input and refusals', async () => {
    const client = await connect();
    const sum = await client.callTool('add', { a: 2, b: 3 });
    expect(sum).toMatchObject({ isError: false, structuredContent: { sum: 5 }, text: '{"sum":5}' });
    const bad = await client.callTool('remember', { text: 'x', priority: 'urgent' });
    expect(bad.isError).toBe(true);
    expect(bad.text).toMatch(/text/);
    expect(bad.text).toMatch(/priority/);
    expect(await client.callTool('refuse')).toMatchObject({ isError: true, text: 'No, thank you.' });
  });

  it('rejects protocol errors with code, message and data', async () => {
    const client = await connect();
    await expect(client.callTool('nope')).rejects.toMatchObject({
      code: -32602,
      message: 'Unknown tool: nope',
      data: { name: 'nope' },
    });
  });

  it('cancels a request when its signal aborts', async () => {
    const client = await connect();
    const controller = new AbortController();
    const call = client.callTool('wait', {}, { signal: controller.signal });
    controller.abort(new Error('stop waiting'));
    await expect(call).rejects.toThrow('stop waiting');
    expect((await client.callTool('add', { a: 1, b: 2 })).structuredContent).toEqual({ sum: 3 });
  });

  it('answers elicitation, sampling and roots in one tool call, and records what was asked', async () => {
    const client = await connect();
    const result = await client.callTool('plan');
    expect(result.text).toBe(
      'Ada goes to Lisbon (asked: {"type":"text","text":"Suggest a city for Ada"}); packing in file:///trips',
    );
    expect(client.inputRequests.map((r) => r.method)).toEqual([
      'elicitation/create',
      'sampling/createMessage',
      'roots/list',
    ]);
    expect(client.inputRequests[0]?.params).toMatchObject({ message: 'Who travels?' });
  });

  it('passes a declined elicitation through, and changed roots', async () => {
    const client = await connect({ onElicit: () => ({ action: 'decline' }) });
    expect((await client.callTool('plan')).text).toBe('nobody travels (decline)');
    const accepting = await connect();
    await accepting.setRoots([{ uri: 'file:///elsewhere' }]);
    expect((await accepting.callTool('plan')).text).toMatch(/packing in file:\/\/\/elsewhere$/);
  });

  it('declares only what the handlers can answer: no sampling handler, no sampling', async () => {
    const client = await connect({ onSample: undefined });
    const result = await client.callTool('plan').then(
      (r) => r.text,
      (e: { code: number }) => e.code,
    );
    // Legacy: the tool fails with an isError result; modern: the request needs a capability (-32021).
    if (era === 'legacy') expect(result).toMatch(/sampling/);
    else expect(result).toBe(-32021);
  });

  it('captures progress (per call and overall) and log messages', async () => {
    const client = await connect();
    const mine: number[] = [];
    expect((await client.callTool('count', {}, { onProgress: (p) => mine.push(p.progress) })).text).toBe('done');
    expect(mine).toEqual([1, 2, 3]);
    expect(client.progress).toEqual([
      { progress: 1, total: 3, message: 'step 1' },
      { progress: 2, total: 3, message: 'step 2' },
      { progress: 3, total: 3, message: 'step 3' },
    ]);
    expect(client.logs).toEqual([
      { level: 'debug', data: 'debug 1' },
      { level: 'debug', data: 'debug 2' },
      { level: 'debug', data: 'debug 3' },
      { level: 'warning', data: 'counted', logger: 'counter' },
    ]);
    expect(client.notifications.filter((n) => n.method === 'notifications/message')).toHaveLength(4);
  });

  it('filters logs by the chosen level', async () => {
    const client = await connect({ logLevel: 'warning' });
    await client.callTool('count');
    expect(client.logs.map((l) => l.level)).toEqual(['warning']);
    client.clearCaptured();
    await client.setLogLevel('debug');
    await client.callTool('count');
    expect(client.logs).toHaveLength(4);
  });

  it('lists resources and templates, reads them, and completes template variables', async () => {
    const client = await connect();
    expect((await client.listResources()).map((r) => r.uri)).toEqual(['notes://all', 'notes://note/1']);
    expect(await client.listResourceTemplates()).toMatchObject([{ uriTemplate: 'notes://note/{id}', name: 'note' }]);
    const all = await client.readResource('notes://all');
    expect(JSON.parse(all.text)).toEqual({ 1: 'buy milk' });
    expect(all.contents[0]).toMatchObject({ uri: 'notes://all', mimeType: 'application/json' });
    expect((await client.readResource('notes://note/1')).text).toBe('buy milk');
    await client.callTool('remember', { text: 'call mom' });
    expect(await client.complete({ resource: 'notes://note/{id}' }, { name: 'id', value: '' })).toMatchObject({
      values: ['1', '2'],
    });
  });

  it('lists, gets and completes prompts', async () => {
    const client = await connect();
    expect(await client.listPrompts()).toMatchObject([
      { name: 'summarize', arguments: [{ name: 'id', required: true }] },
    ]);
    const prompt = await client.getPrompt('summarize', { id: '1' });
    expect(prompt.text).toBe('Summarize: buy milk');
    expect(prompt.messages).toEqual([{ role: 'user', content: { type: 'text', text: 'Summarize: buy milk' } }]);
    expect(
      (await client.complete({ type: 'ref/prompt', name: 'summarize' }, { name: 'id', value: '1' })).values,
    ).toEqual(['1']);
  });

  it('subscribes to a resource, hears its updates, and stops hearing them after unsubscribe', async () => {
    const client = await connect();
    const sub = await client.subscribe('notes://all');
    expect(sub.filter.resourceSubscriptions).toEqual(['notes://all']);
    await client.callTool('remember', { text: 'water plants' });
    expect((await sub.waitFor('notifications/resources/updated')).params.uri).toBe('notes://all');
    expect((await client.waitForNotification('notifications/resources/updated')).params.uri).toBe('notes://all');
    await client.unsubscribe('notes://all');
    expect(sub.closed).toBe(true);
    client.clearCaptured();
    await client.callTool('remember', { text: 'feed cat' });
    await client.listTools(); // a round trip: anything sent before its answer has arrived
    expect(client.notifications.filter((n) => n.method === 'notifications/resources/updated')).toEqual([]);
  });

  it('listens for list changes when providers are added at runtime', async () => {
    const client = await connect();
    const sub = await client.listen({ toolsListChanged: true, promptsListChanged: true });
    expect(sub.filter).toEqual({ toolsListChanged: true, promptsListChanged: true });
    client.app.add(ExtraTools);
    await sub.waitFor('notifications/tools/list_changed');
    expect((await client.listTools()).map((t) => t.name)).toContain('hello');
    expect((await client.callTool('hello', { name: 'Bob' })).text).toBe('hello Bob');
  });

  it('refuses a subscription the server does not offer', async () => {
    const client = await createTestClient([ExtraTools], { era });
    clients.push(client);
    await expect(client.subscribe('notes://all')).rejects.toThrow(/did not accept a subscription to notes:\/\/all/);
  });

  it('serves a given app without closing it, and closes an app it built', async () => {
    const app = new McpApp({ name: 'shared', version: '1.0.0', providers: [NotesServer] });
    const first = await createTestClient(app, { era });
    const second = await createTestClient(app, { era });
    expect(first.app).toBe(app);
    await first.close();
    expect((await second.callTool('add', { a: 1, b: 1 })).structuredContent).toEqual({ sum: 2 });
    await second.close();
    await app.close();
  });

  it('rejects waits when the client closes', async () => {
    const client = await createTestClient([NotesServer], { era });
    const waiting = client.waitForNotification('notifications/never');
    await client.close();
    await expect(waiting).rejects.toThrow(/closed/);
    await client.close(); // twice is fine
  });
});
