// Caller-bound questions (#36): what a mounted stdio server asks during a call (elicitation here) goes to the client
// of the call that caused it, or is refused at once — never to another user's client. User A (a client without
// elicitation) and user B (with it) both have a call in flight on one stdio mount when the mounted server asks
// "Enter your bank password" during A's call: B must not be asked, and A's tool must not receive B's answer.
import { McpApp, stdio } from '@decorum/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestClient, deferred, type TestClient } from './mount-support.js';

const QUESTIONS = new URL('./fixtures/questions-server.mjs', import.meta.url).pathname;

let hub: McpApp;
let url: URL;
let userA: Client;
let userB: TestClient;

beforeAll(async () => {
  hub = new McpApp({
    name: 'hub',
    version: '1.0.0',
    providers: [],
    mounts: [{ prefix: 'q', server: stdio(process.execPath, [QUESTIONS], { stderr: 'pipe' }) }],
  });
  url = (await hub.listen({ http: { port: 0 } })).url as URL;
  userA = new Client({ name: 'user-a', version: '1' }, { capabilities: {} });
  await userA.connect(new StreamableHTTPClientTransport(url));
  userB = await connectTestClient('v1', url);
});

afterAll(async () => {
  await userA?.close();
  await userB?.close();
  await hub?.close();
});

const textOf = (result: object) => ((result as { content?: { text: string }[] }).content ?? [])[0]?.text ?? '';

describe('a question a mounted server asks during a call', () => {
  it("is never asked of another user's client, and the caller never gets another's answer", async () => {
    const arrived = deferred();
    const callA = userA.callTool({ name: 'q_ask', arguments: {} }, undefined, {
      onprogress: () => arrived.resolve(),
      timeout: 20_000,
    });
    // A's call is in flight upstream; B's call comes after it (the latest) and stays in flight until A's question
    // was settled.
    await arrived.promise;
    const callB = userB.call('q_release');
    const [a, b] = await Promise.all([callA, callB]);
    expect(textOf(b)).toBe('released');
    expect(userB.asked).not.toContain('elicitation');
    expect(textOf(a)).not.toContain('Ada');
    expect(JSON.parse(textOf(a))).toHaveProperty('refused');
  });

  it("fails at once when the caller's client cannot answer it", async () => {
    const a = await userA.callTool({ name: 'q_ask', arguments: { now: true } }, undefined, { timeout: 20_000 });
    expect(JSON.parse(textOf(a)).refused).toMatch(/elicitation/i);
  });

  it("goes to the caller's own client when it can answer", async () => {
    const b = await userB.call('q_ask', { now: true });
    expect(JSON.parse(textOf(b)).answer).toEqual({ action: 'accept', content: { password: 'Ada' } });
    expect(userB.asked).toContain('elicitation');
  });
});
