// Modern era only: the envelope on every request, multi-round input answering with the echoed
// requestState, the round cap, and listen streams (tagging, cancellation, server-side end).
import 'reflect-metadata';
import { type Class, type Context, Ctx, McpApp, Tool } from '@decorum/core';
import type { Transport } from '@decorum/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestClient, type TestClient } from '../src/index.js';
import { ExtraTools, NotesServer } from './fixtures/notes-app.js';

type Message = Record<string, any>;

class Quiz {
  @Tool({ description: 'Asks the user and the model at once' })
  async both(@Ctx() ctx: Context): Promise<string> {
    const [who, capital] = await Promise.all([
      ctx.elicit({ type: 'object', properties: { name: { type: 'string' } } }, 'Name?'),
      ctx.sample('Capital of France?', { maxTokens: 5 }),
    ]);
    const name = who.action === 'accept' ? String(who.data.name) : who.action;
    return `${name} / ${(capital.content as { text: string }).text}`;
  }

  @Tool({ description: 'Never has enough answers' })
  async greedy(@Ctx() ctx: Context): Promise<string> {
    for (let i = 0; ; i++) await ctx.elicit({ type: 'object', properties: {} }, `question ${i}`);
  }
}

/** An app whose server side records every message it receives (the client's wire, from the other end). */
function recordedApp(...providers: Class[]) {
  const app = new McpApp({ name: 'recorded', version: '1.0.0', providers });
  const received: Message[] = [];
  const connect = app.connect.bind(app);
  app.connect = async (transport: Transport) => {
    const session = await connect(transport);
    const deliver = transport.onmessage;
    transport.onmessage = (value, info) => {
      received.push(value as Message);
      deliver?.(value, info);
    };
    return session;
  };
  return { app, received };
}

const clients: TestClient[] = [];
const apps: McpApp[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function connect(target: McpApp, options: Parameters<typeof createTestClient>[1] = {}) {
  apps.push(target);
  const client = await createTestClient(target, {
    era: 'modern',
    onElicit: () => ({ action: 'accept', content: { name: 'Ada' } }),
    onSample: () => 'Paris',
    roots: [{ uri: 'file:///w' }],
    ...options,
  });
  clients.push(client);
  return client;
}

describe('modern era: requests', () => {
  it('sends no initialize, and the full envelope with every request', async () => {
    const { app, received } = recordedApp(Quiz);
    const client = await connect(app, { clientInfo: { name: 'suite', version: '9' } });
    await client.listTools();
    expect(received.map((m) => m.method)).toEqual(['server/discover', 'tools/list']);
    for (const message of received) {
      expect(message.params._meta).toEqual({
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {}, url: {} }, sampling: {}, roots: {} },
        'io.modelcontextprotocol/clientInfo': { name: 'suite', version: '9' },
        'io.modelcontextprotocol/logLevel': 'debug',
      });
    }
    expect(client.serverInfo).toEqual({ name: 'recorded', version: '1.0.0' });
  });

  it('answers inputs over several rounds, each retry a new request echoing the requestState', async () => {
    const { app, received } = recordedApp(NotesServer);
    const client = await connect(app);
    expect((await client.callTool('plan')).text).toBe('Ada goes to Paris; packing in file:///w');
    const calls = received.filter((m) => m.method === 'tools/call');
    expect(calls).toHaveLength(4); // elicitation, then sampling, then roots, each its own round
    expect(new Set(calls.map((c) => c.id)).size).toBe(4);
    expect(calls[0].params.inputResponses).toBeUndefined();
    expect(calls[0].params.requestState).toBeUndefined();
    for (const retry of calls.slice(1)) {
      expect(retry.params).toMatchObject({ name: 'plan', arguments: {}, requestState: expect.any(String) });
      expect(Object.keys(retry.params.inputResponses)).toHaveLength(1);
    }
    expect(calls[3].params.inputResponses).toEqual({ 'input-2': { roots: [{ uri: 'file:///w' }] } });
    expect(client.inputRequests.map((r) => r.method)).toEqual([
      'elicitation/create',
      'sampling/createMessage',
      'roots/list',
    ]);
  });

  it('answers several inputs of one round together', async () => {
    const { app, received } = recordedApp(Quiz);
    const client = await connect(app);
    expect((await client.callTool('both')).text).toBe('Ada / Paris');
    const calls = received.filter((m) => m.method === 'tools/call');
    expect(calls).toHaveLength(2);
    expect(Object.keys(calls[1].params.inputResponses).sort()).toEqual(['input-0', 'input-1']);
  });

  it('gives up after maxInputRounds', async () => {
    const client = await connect(new McpApp({ name: 'q', version: '1', providers: [Quiz] }), { maxInputRounds: 3 });
    await expect(client.callTool('greedy')).rejects.toThrow(/still asks for input after 3 rounds/);
    expect(client.inputRequests).toHaveLength(3);
  });

  it('fails clearly when the server asks for what no handler answers', async () => {
    const client = await connect(new McpApp({ name: 'q', version: '1', providers: [Quiz] }), {
      onSample: undefined,
      capabilities: { elicitation: {}, sampling: {} },
    });
    await expect(client.callTool('both')).rejects.toThrow(/onSample/);
  });
});

describe('modern era: listen streams', () => {
  it('tags each stream with its id, and keeps concurrent streams apart', async () => {
    const app = new McpApp({ name: 'notes', version: '1', providers: [NotesServer] });
    const client = await connect(app);
    const [lists, updates] = await Promise.all([
      client.listen({ toolsListChanged: true }),
      client.subscribe('notes://all'),
    ]);
    expect(lists.id).not.toBe(updates.id);
    expect(lists.filter).toEqual({ toolsListChanged: true });
    app.add(ExtraTools);
    await client.callTool('remember', { text: 'water plants' });
    const changed = await lists.waitFor('notifications/tools/list_changed');
    expect(changed.params._meta).toEqual({ 'io.modelcontextprotocol/subscriptionId': lists.id });
    const updated = await updates.waitFor('notifications/resources/updated');
    expect(updated.params).toMatchObject({
      uri: 'notes://all',
      _meta: { 'io.modelcontextprotocol/subscriptionId': updates.id },
    });
    expect(lists.notifications.items.map((n) => n.method)).toEqual(['notifications/tools/list_changed']);
    expect(updates.notifications.items.map((n) => n.method)).toEqual(['notifications/resources/updated']);
  });

  it('ends a stream with notifications/cancelled, and the server forgets it', async () => {
    const { app, received } = recordedApp(NotesServer);
    const client = await connect(app);
    const sub = await client.listen({ toolsListChanged: true });
    expect(app.server.listeners.size).toBe(1);
    await sub.close();
    await client.listTools(); // a round trip: the cancellation was handled before its answer
    expect(received).toContainEqual({
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: sub.id, reason: 'unsubscribed' },
    });
    expect(app.server.listeners.size).toBe(0);
  });

  it('marks a stream closed when the server ends it', async () => {
    const app = new McpApp({ name: 'notes', version: '1', providers: [NotesServer] });
    const client = await connect(app);
    const sub = await client.listen({ promptsListChanged: true });
    const waiting = sub.waitFor('notifications/prompts/list_changed');
    await app.close();
    await expect(waiting).rejects.toThrow(/closed/);
    expect(sub.closed).toBe(true);
  });
});
