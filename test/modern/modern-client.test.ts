// Acceptance of the modern era (2026-07-28) with the official v2 client (@modelcontextprotocol/client):
// one suite, run over stdio (the fixture server as a child process) and Streamable HTTP (serveHttp on
// loopback), with the client pinned to 2026-07-28 and in auto mode (server/discover probe). The client
// fulfils `input_required` results through its registered handlers and retries on its own; a wire tap
// checks what actually crossed the transport. Raw senders cover what no well-behaved client sends.
import { type Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HttpServing, serveHttp } from '../../packages/protocol/src/node.js';
import { createFixtureServer } from '../../packages/protocol/test/fixtures/fixture-server.js';
import { exited, REPO_ROOT, tsCommand } from '../support/spawn-fixture.js';
import { validateServerMessage } from '../support/spec-schema.js';
import {
  CLIENT_CAPABILITIES,
  createClient,
  firstText,
  type HandlerLog,
  LOG_LEVEL_KEY,
  lastSent,
  type Message,
  MODERN,
  modernHeaders,
  modernMeta,
  newWire,
  PROTOCOL_VERSION_KEY,
  postModern,
  type RawSender,
  ROOTS,
  rawHttp,
  rawStdio,
  responseTo,
  SERVER_INFO_KEY,
  STDIO_FIXTURE,
  SUBSCRIPTION_ID_KEY,
  sentRequests,
  tamper,
  tap,
  type Wire,
} from './modern-support.js';

interface Target {
  kind: 'stdio' | 'http';
  /** A fresh client transport to the target's server. */
  transport(): Transport;
  /** A bare JSON-RPC sender to the target's server (a fresh process on stdio). */
  raw(): RawSender;
}

const stdioTarget: Target = {
  kind: 'stdio',
  transport() {
    const { command, args } = tsCommand(STDIO_FIXTURE);
    return new StdioClientTransport({ command, args, cwd: REPO_ROOT, stderr: 'ignore' });
  },
  raw: () => rawStdio(),
};

let serving: HttpServing | undefined;
const httpTarget: Target = {
  kind: 'http',
  transport: () => new StreamableHTTPClientTransport(serving!.url),
  raw: () => rawHttp(serving!.url),
};

const LIST_METHODS = ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list'];

/** The input requests of every `input_required` answer to the requests sent for one tool, in order. */
function rounds(wire: Wire, method: string, name: string): { request: Message; result: Message }[] {
  return sentRequests(wire, method, name).map((request) => {
    const response = responseTo(wire, request.id);
    expect(response?.result, `a result for ${method} ${name} #${request.id}`).toBeDefined();
    return { request, result: response?.result as Message };
  });
}

function inputMethods(result: Message): string[] {
  return Object.values((result.inputRequests ?? {}) as Record<string, Message>)
    .map((r) => String(r.method))
    .sort();
}

/** Checks an MRTR exchange on the wire: the answers, retries with fresh ids, and requestState echoes. */
function expectRounds(wire: Wire, method: string, name: string, expected: string[][]): { request: Message }[] {
  const seen = rounds(wire, method, name);
  expect(seen.map((r) => r.result.resultType)).toEqual([...expected.map(() => 'input_required'), 'complete']);
  expect(seen.slice(0, -1).map((r) => inputMethods(r.result))).toEqual(expected.map((m) => [...m].sort()));
  expect(new Set(seen.map((r) => r.request.id)).size).toBe(seen.length);
  for (let i = 1; i < seen.length; i++) {
    const previous = seen[i - 1]!.result;
    const retry = seen[i]!.request.params;
    // The retry answers exactly the keys asked, and echoes the state byte for byte.
    expect(Object.keys(retry.inputResponses ?? {}).sort()).toEqual(Object.keys(previous.inputRequests ?? {}).sort());
    expect(retry.requestState).toBe(previous.requestState);
    // Interim results are not cacheable.
    expect(previous).not.toHaveProperty('ttlMs');
    expect(previous).not.toHaveProperty('cacheScope');
  }
  return seen;
}

function modernSuite(target: Target, mode: 'pinned' | 'auto'): void {
  describe(`${target.kind}, ${mode === 'pinned' ? 'pinned to 2026-07-28' : 'auto negotiation'}`, () => {
    let client: Client;
    let handled: HandlerLog;
    let errors: Error[];
    const wire = newWire();

    beforeAll(async () => {
      ({ client, handled, errors } = createClient(mode));
      await client.connect(tap(target.transport(), wire));
    });
    afterAll(async () => {
      await client?.close();
    });

    it('negotiates 2026-07-28 through server/discover, without initialize', async () => {
      expect(client.getProtocolEra()).toBe('modern');
      expect(client.getNegotiatedProtocolVersion()).toBe(MODERN);
      expect(client.getServerVersion()).toMatchObject({ name: 'fixture', version: '1.0.0' });
      expect(client.getInstructions()).toBe('A test fixture.');
      const caps = client.getServerCapabilities();
      expect(caps?.tools).toEqual({ listChanged: true });
      expect(caps?.resources).toEqual({ subscribe: true, listChanged: true });
      expect(caps?.prompts).toEqual({ listChanged: true });
      expect(caps?.completions).toEqual({});
      expect(caps).not.toHaveProperty('tasks');

      const discovered = await client.discover();
      expect(discovered.supportedVersions).toContain(MODERN);
      const request = lastSent(wire, 'server/discover');
      expect(request.params._meta).toMatchObject({
        [PROTOCOL_VERSION_KEY]: MODERN,
        'io.modelcontextprotocol/clientCapabilities': CLIENT_CAPABILITIES,
      });
      const raw = responseTo(wire, request.id)?.result;
      expect(raw).toMatchObject({
        resultType: 'complete',
        supportedVersions: expect.arrayContaining([MODERN]),
        capabilities: expect.any(Object),
        instructions: 'A test fixture.',
        cacheScope: expect.stringMatching(/^(public|private)$/),
        _meta: { [SERVER_INFO_KEY]: { name: 'fixture', version: '1.0.0' } },
      });
      expect(Number.isInteger(raw?.ttlMs) && raw?.ttlMs >= 0).toBe(true);
      expect(wire.sent.some((m) => m.method === 'initialize' || m.method === 'notifications/initialized')).toBe(false);
    });

    it('lists tools, resources, templates and prompts over every page, with caching hints', async () => {
      const { tools } = await client.listTools(undefined, { cacheMode: 'bypass' });
      const names = tools.map((t) => t.name);
      expect(names).toEqual(expect.arrayContaining(['echo', 'structured', 'elicit-and-sample', 'three-rounds']));
      expect(new Set(names).size).toBe(names.length);
      const echo = tools.find((t) => t.name === 'echo');
      expect(echo).toMatchObject({ title: 'Echo', annotations: { readOnlyHint: true }, icons: [expect.any(Object)] });

      const { resources } = await client.listResources(undefined, { cacheMode: 'bypass' });
      expect(resources.map((r) => r.uri)).toEqual(Array.from({ length: 10 }, (_, i) => `test://item/${i}`));
      expect(resources[0]?.annotations).toMatchObject({ lastModified: '2026-01-01T00:00:00Z' });
      const { resourceTemplates } = await client.listResourceTemplates(undefined, { cacheMode: 'bypass' });
      expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(['test://item/{id}']);
      const { prompts } = await client.listPrompts(undefined, { cacheMode: 'bypass' });
      expect(prompts.map((p) => p.name)).toEqual(['greet', 'ask-topic']);

      // The fixture pages by 4, so the client walked several pages; each page is a cacheable result.
      expect(sentRequests(wire, 'tools/list').length).toBeGreaterThanOrEqual(5);
      for (const method of LIST_METHODS) {
        const pages = sentRequests(wire, method).map((r) => responseTo(wire, r.id)?.result as Message);
        expect(pages.length).toBeGreaterThan(0);
        for (const page of pages) {
          expect(page.resultType, method).toBe('complete');
          expect(Number.isInteger(page.ttlMs) && page.ttlMs >= 0, `${method} ttlMs`).toBe(true);
          expect(['public', 'private'], method).toContain(page.cacheScope);
        }
        expect(new Set(pages.map((p) => p.cacheScope)).size, `${method}: one cacheScope for all pages`).toBe(1);
      }
      await expect(client.listTools({ cursor: 'bogus' })).rejects.toMatchObject({ code: -32602 });
    });

    it('calls tools: text, structured, every content type; and reports errors', async () => {
      expect(await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).toMatchObject({
        content: [{ type: 'text', text: 'hi' }],
      });
      const raw = responseTo(wire, lastSent(wire, 'tools/call', 'echo').id)?.result;
      expect(raw).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'hi' }] });
      expect(raw).not.toHaveProperty('ttlMs');
      expect(raw).not.toHaveProperty('cacheScope');

      const structured = await client.callTool({ name: 'structured', arguments: {} });
      expect(structured.structuredContent).toEqual({ sum: 3 });
      const mixed = await client.callTool({ name: 'mixed-content', arguments: {} });
      expect((mixed.content as { type: string }[]).map((c) => c.type)).toEqual([
        'text',
        'image',
        'audio',
        'resource_link',
        'resource',
      ]);

      const failure = client.callTool({ name: 'fail', arguments: {} });
      await expect(failure).rejects.toMatchObject({ code: -32603 });
      await expect(failure).rejects.not.toThrow(/password/);
      await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toMatchObject({ code: -32602 });
    });

    it('reads a resource, gets a prompt and completes an argument', async () => {
      const read = await client.readResource({ uri: 'test://item/7' }, { cacheMode: 'bypass' });
      expect(read.contents[0]).toMatchObject({ uri: 'test://item/7', text: 'item 7' });
      const raw = responseTo(wire, lastSent(wire, 'resources/read', 'test://item/7').id)?.result;
      expect(raw).toMatchObject({ resultType: 'complete', cacheScope: expect.stringMatching(/^(public|private)$/) });
      expect(Number.isInteger(raw?.ttlMs) && raw?.ttlMs >= 0).toBe(true);
      // Modern servers answer an unknown resource with -32602, not the legacy -32002.
      await expect(client.readResource({ uri: 'test://missing' }, { cacheMode: 'bypass' })).rejects.toMatchObject({
        code: -32602,
      });

      const got = await client.getPrompt({ name: 'greet', arguments: { name: 'Ada' } });
      expect(got.messages[0]?.content).toEqual({ type: 'text', text: 'Hello Ada' });
      const completion = await client.complete({
        ref: { type: 'ref/prompt', name: 'greet' },
        argument: { name: 'name', value: 'al' },
      });
      expect(completion.completion.values).toEqual(['alice', 'albert']);
    });

    it("reports increasing progress on the request's own stream", async () => {
      await client.callTool({ name: 'progress', arguments: {} }, { onprogress: () => undefined });
      const request = lastSent(wire, 'tools/call', 'progress');
      const token = request.params._meta?.progressToken;
      expect(token).toBeDefined();
      const progress = wire.received
        .filter((m) => m.method === 'notifications/progress' && m.params?.progressToken === token)
        .map((m) => m.params);
      expect(progress.map((p) => p.progress)).toEqual([1, 2, 3]);
      expect(progress[0]?.message).toBe('step 1');
      // All of them before the response. (On stdio the v2 client handles a response a microtask before
      // notifications read in the same chunk, so it may complain about late tokens: its own race.)
      const at = (m: Message | undefined) => wire.received.indexOf(m as Message);
      const last = wire.received.filter((m) => m.params?.progressToken === token).at(-1);
      expect(at(last)).toBeLessThan(at(responseTo(wire, request.id)));
      errors.length = 0;
    });

    it("logs only when the request asks, at or above the request's logLevel", async () => {
      const logs = () => wire.received.filter((m) => m.method === 'notifications/message');
      const before = logs().length;
      await client.callTool({ name: 'log', arguments: {} });
      expect(logs().length).toBe(before); // no logLevel in _meta: nothing may be sent
      await client.callTool({ name: 'log', arguments: {}, _meta: { [LOG_LEVEL_KEY]: 'warning' } });
      expect(lastSent(wire, 'tools/call', 'log').params._meta).toMatchObject({ [LOG_LEVEL_KEY]: 'warning' });
      expect(
        logs()
          .slice(before)
          .map((m) => m.params),
      ).toEqual([
        { level: 'warning', data: 'at warning', logger: 'fixture' },
        { level: 'error', data: 'at error', logger: 'fixture' },
      ]);
    });

    it('fulfils an elicitation with an input_required round trip', async () => {
      handled.elicit.length = 0;
      const result = await client.callTool({ name: 'elicit', arguments: {} });
      expect(firstText(result)).toBe('accept: {"name":"Ada"}');
      expect(handled.elicit).toEqual(['Your name?']);
      const [first] = expectRounds(wire, 'tools/call', 'elicit', [['elicitation/create']]);
      const interim = responseTo(wire, first!.request.id)?.result as Message;
      const asked = Object.values(interim.inputRequests as Record<string, Message>)[0];
      expect(asked).toMatchObject({
        method: 'elicitation/create',
        params: {
          message: 'Your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } } },
        },
      });
    });

    it('fulfils sampling and roots with input_required round trips', async () => {
      handled.sample.length = 0;
      const sampled = await client.callTool({ name: 'sample', arguments: { prompt: 'ping' } });
      expect(firstText(sampled)).toBe('model said: "echo:ping"');
      expect(handled.sample).toEqual(['ping']);
      expectRounds(wire, 'tools/call', 'sample', [['sampling/createMessage']]);

      const roots = await client.callTool({ name: 'roots', arguments: {} });
      expect(firstText(roots)).toBe(JSON.stringify(ROOTS));
      expectRounds(wire, 'tools/call', 'roots', [['roots/list']]);
    });

    it('asks for several inputs at once (elicitation and sampling in one round)', async () => {
      handled.elicit.length = 0;
      handled.sample.length = 0;
      const result = await client.callTool({ name: 'elicit-and-sample', arguments: {} });
      expect(firstText(result)).toBe('accept: {"name":"Ada"} / "echo:capital of France?"');
      expect(handled.elicit).toEqual(['Your name?']);
      expect(handled.sample).toEqual(['capital of France?']);
      expectRounds(wire, 'tools/call', 'elicit-and-sample', [['elicitation/create', 'sampling/createMessage']]);
    });

    it('asks over several rounds, carrying earlier answers in requestState', async () => {
      handled.elicit.length = 0;
      handled.sample.length = 0;
      const result = await client.callTool({ name: 'three-rounds', arguments: {} });
      expect(JSON.parse(firstText(result) ?? 'null')).toEqual({ name: 'Ada', model: 'echo:greet Ada', roots: ROOTS });
      expect(handled.elicit).toEqual(['Your name?']); // each input asked once, never again on a later round
      expect(handled.sample).toEqual(['greet Ada']);
      const seen = expectRounds(wire, 'tools/call', 'three-rounds', [
        ['elicitation/create'],
        ['sampling/createMessage'],
        ['roots/list'],
      ]);
      // From the second round on, the server must remember the earlier answers: only requestState can.
      for (const round of seen.slice(2)) expect(typeof round.request.params.requestState).toBe('string');
    });

    it('fulfils input requests for prompts/get and resources/read too', async () => {
      const prompt = await client.getPrompt({ name: 'ask-topic' });
      expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'Tell me about owls' });
      expectRounds(wire, 'prompts/get', 'ask-topic', [['elicitation/create']]);

      const read = await client.readResource({ uri: 'test://roots' }, { cacheMode: 'bypass' });
      expect(read.contents[0]).toMatchObject({ uri: 'test://roots', text: JSON.stringify(ROOTS) });
      const seen = expectRounds(wire, 'resources/read', 'test://roots', [['roots/list']]);
      // The completed read still carries the hints resources/read requires.
      const final = responseTo(wire, seen.at(-1)!.request.id)?.result;
      expect(['public', 'private']).toContain(final?.cacheScope);
      expect(Number.isInteger(final?.ttlMs) && final?.ttlMs >= 0).toBe(true);
    });

    it('delivers tools/list_changed on a subscriptions/listen stream, until the client closes it', async () => {
      const changes: Message[] = [];
      let notify: (() => void) | undefined;
      client.setNotificationHandler('notifications/tools/list_changed', (n) => {
        changes.push(n as Message);
        notify?.();
      });
      const nextChange = () => new Promise<void>((resolve) => (notify = resolve));

      const subscription = await client.listen({ toolsListChanged: true });
      expect(subscription.honoredFilter).toMatchObject({ toolsListChanged: true });
      const listen = lastSent(wire, 'subscriptions/listen');
      expect(listen.params).toMatchObject({ notifications: { toolsListChanged: true } });
      expect(listen.params._meta).toMatchObject({ [PROTOCOL_VERSION_KEY]: MODERN });

      const changed = nextChange();
      await client.callTool({ name: 'change-tools', arguments: {} });
      await changed;
      const onStream = (id: unknown) =>
        wire.received.filter((m) => m.method && m.params?._meta?.[SUBSCRIPTION_ID_KEY] === id).map((m) => m.method);
      // The acknowledgment comes first; then only what was asked for, tagged with the listen id.
      expect(onStream(listen.id)).toEqual([
        'notifications/subscriptions/acknowledged',
        'notifications/tools/list_changed',
      ]);
      // Request-scoped notifications never travel on it.
      expect(
        wire.received.filter(
          (m) =>
            (m.method === 'notifications/progress' || m.method === 'notifications/message') &&
            m.params?._meta?.[SUBSCRIPTION_ID_KEY] !== undefined,
        ),
      ).toEqual([]);

      await subscription.close();
      expect(await subscription.closed).toBe('local');
      expect(errors).toEqual([]);

      // A second subscription gets the next change; the closed one gets nothing more.
      const second = await client.listen({ toolsListChanged: true });
      const secondId = lastSent(wire, 'subscriptions/listen').id;
      const changedAgain = nextChange();
      await client.callTool({ name: 'change-tools', arguments: {} });
      await changedAgain;
      expect(onStream(secondId)).toEqual([
        'notifications/subscriptions/acknowledged',
        'notifications/tools/list_changed',
      ]);
      expect(onStream(listen.id)).toHaveLength(2);
      await second.close();
      expect(errors).toEqual([]);
    });

    it(`cancels a long call (${target.kind === 'http' ? 'closing its stream' : 'notifications/cancelled'})`, async () => {
      const tag = `${target.kind}-${mode}`;
      const controller = new AbortController();
      const call = client.callTool({ name: 'wait-for-cancel', arguments: { tag } }, { signal: controller.signal });
      const rejected = expect(call).rejects.toThrow();
      await client.callTool({ name: 'await-tag', arguments: { tag, event: 'started' } });
      controller.abort('user pressed stop');
      await rejected;
      // The handler saw the abort: the server only answers this once it has.
      const seen = await client.callTool({ name: 'await-tag', arguments: { tag, event: 'cancelled' } });
      expect(firstText(seen)).toBe(`cancelled:${tag}`);

      const request = lastSent(wire, 'tools/call', 'wait-for-cancel');
      const cancels = wire.sent.filter(
        (m) => m.method === 'notifications/cancelled' && m.params?.requestId === request.id,
      );
      expect(cancels).toHaveLength(target.kind === 'stdio' ? 1 : 0);
      expect(responseTo(wire, request.id)).toBeUndefined();
    });

    it('never sent a JSON-RPC request to the client, and stamped every result', () => {
      expect(wire.received.filter((m) => 'method' in m && 'id' in m)).toEqual([]);
      const results = wire.received.filter((m) => 'result' in m);
      expect(results.length).toBeGreaterThan(20);
      for (const { result } of results) {
        expect(result.resultType).toMatch(/^(complete|input_required)$/);
        expect(result._meta?.[SERVER_INFO_KEY]).toMatchObject({ name: 'fixture', version: '1.0.0' });
      }
    });
  });
}

/** Checks that go under the client: a tampered or misused requestState, missing capabilities. */
function rawSuite(target: Target): void {
  describe(`${target.kind}: raw modern requests`, () => {
    let raw: RawSender;
    beforeAll(() => {
      raw = target.raw();
    });
    afterAll(async () => {
      await raw?.close();
    });

    const call = (
      name: string,
      extra: Record<string, unknown> = {},
      capabilities: Record<string, unknown> = CLIENT_CAPABILITIES,
    ) => raw.request('tools/call', { name, arguments: {}, _meta: modernMeta(capabilities), ...extra });

    /** Runs three-rounds to its second round; returns that round's state and an answer to it. */
    async function secondRound(): Promise<{ state: string; answers: Record<string, unknown> }> {
      const first = await call('three-rounds');
      expect(first.result?.resultType).toBe('input_required');
      const [key1] = Object.keys(first.result.inputRequests);
      const second = await call('three-rounds', {
        inputResponses: { [key1!]: { action: 'accept', content: { name: 'Ada' } } },
        ...(first.result.requestState !== undefined && { requestState: first.result.requestState }),
      });
      expect(second.result?.resultType).toBe('input_required');
      const [key2, asked] = Object.entries(second.result.inputRequests as Record<string, Message>)[0]!;
      expect(asked.method).toBe('sampling/createMessage');
      expect(typeof second.result.requestState).toBe('string');
      return {
        state: second.result.requestState,
        answers: { [key2]: { role: 'assistant', model: 'm', content: { type: 'text', text: 'hello Ada' } } },
      };
    }

    it('rejects a tampered requestState with a JSON-RPC error, and accepts the genuine one', async () => {
      const { state, answers } = await secondRound();
      const tampered = await call('three-rounds', { inputResponses: answers, requestState: tamper(state) });
      expect(tampered.result).toBeUndefined();
      expect(tampered.error).toMatchObject({ code: expect.any(Number), message: expect.any(String) });
      // Not a code reserved for the spec (-32020..-32099 are all defined for other purposes).
      expect(tampered.error.code >= -32099 && tampered.error.code <= -32020).toBe(false);

      const genuine = await call('three-rounds', { inputResponses: answers, requestState: state });
      expect(genuine.result?.resultType).toBe('input_required');
      expect(inputMethods(genuine.result)).toEqual(['roots/list']);
    });

    it('rejects a requestState presented on a different request (mrtr.mdx: SHOULD bind it to the request)', async () => {
      const { state, answers } = await secondRound();
      const elsewhere = await call('elicit-and-sample', { inputResponses: answers, requestState: state });
      expect(elsewhere.result).toBeUndefined();
      expect(elsewhere.error?.code).toEqual(expect.any(Number));
    });

    it('asks again for an input the retry left out, rather than failing', async () => {
      const first = await call('elicit');
      expect(first.result?.resultType).toBe('input_required');
      const retry = await call('elicit', {
        inputResponses: { 'not-a-key-we-asked': { action: 'decline' } },
        ...(first.result.requestState !== undefined && { requestState: first.result.requestState }),
      });
      expect(retry.result?.resultType).toBe('input_required');
      expect(inputMethods(retry.result)).toEqual(['elicitation/create']);
    });

    it('answers -32021 naming the capability a request needs but did not declare', async () => {
      const elicit = await call('elicit', {}, {});
      expect(elicit.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { elicitation: {} } } });
      const roots = await call('roots', {}, { elicitation: { form: {} } });
      expect(roots.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { roots: {} } } });
      const sample = await call('sample', {}, { elicitation: { form: {} }, roots: {} });
      expect(sample.error).toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } });
      // Declared capabilities hold for this request only: the next one is judged on its own _meta.
      const ok = await call('roots');
      expect(ok.result?.resultType).toBe('input_required');
      // An empty elicitation capability means form mode (elicitation.mdx).
      const form = await call('elicit', {}, { elicitation: {} });
      expect(form.result?.resultType).toBe('input_required');
      expect(inputMethods(form.result)).toEqual(['elicitation/create']);
    });
  });
}

describe('modern era over stdio, with the official v2 client', () => {
  modernSuite(stdioTarget, 'pinned');
  modernSuite(stdioTarget, 'auto');
  rawSuite(stdioTarget);
});

describe('modern era over Streamable HTTP, with the official v2 client', () => {
  beforeAll(async () => {
    serving = await serveHttp(createFixtureServer(), { port: 0 });
  });
  afterAll(async () => {
    await serving?.close();
  });

  modernSuite(httpTarget, 'pinned');
  modernSuite(httpTarget, 'auto');
  rawSuite(httpTarget);

  describe('HTTP: modern request headers and status codes', () => {
    /** Every message of the answer validates against the 2026-07-28 schema (closed). */
    const expectValid = (answer: { messages: Message[] }, method: string) => {
      for (const message of answer.messages) {
        expect(validateServerMessage(MODERN, message, method, { closed: true }), JSON.stringify(message)).toEqual([]);
      }
    };
    const discover = (meta: Record<string, unknown> = modernMeta()) => ({
      jsonrpc: '2.0',
      id: 'd1',
      method: 'server/discover',
      params: { _meta: meta },
    });

    it('serves a modern request statelessly: no session id, JSON-RPC body', async () => {
      const answer = await postModern(serving!.url, discover());
      expect(answer.status).toBe(200);
      expectValid(answer, 'server/discover');
      expect(answer.headers.get('mcp-session-id')).toBeNull();
      expect(answer.response?.result).toMatchObject({
        resultType: 'complete',
        supportedVersions: expect.arrayContaining([MODERN]),
      });
    });

    it('answers a missing or mismatched header with 400 and HeaderMismatch (-32020)', async () => {
      const noMethod = await postModern(serving!.url, discover(), { 'mcp-method': null });
      expect(noMethod.status).toBe(400);
      expect(noMethod.response?.error?.code).toBe(-32020);
      expectValid(noMethod, 'server/discover');
      const wrongMethod = await postModern(serving!.url, discover(), { 'mcp-method': 'tools/list' });
      expect(wrongMethod.status).toBe(400);
      expect(wrongMethod.response?.error?.code).toBe(-32020);
      const call = {
        jsonrpc: '2.0',
        id: 'c1',
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'x' }, _meta: modernMeta() },
      };
      const wrongName = await postModern(serving!.url, call, { 'mcp-name': 'structured' });
      expect(wrongName.status).toBe(400);
      expect(wrongName.response?.error?.code).toBe(-32020);
      const noName = await postModern(serving!.url, call, { 'mcp-name': null });
      expect(noName.status).toBe(400);
      expect(noName.response?.error?.code).toBe(-32020);
      expectValid(noName, 'tools/call');
    });

    it('answers an unsupported version with 400 and UnsupportedProtocolVersion (-32022) listing ours', async () => {
      const answer = await postModern(
        serving!.url,
        discover(modernMeta(CLIENT_CAPABILITIES, { [PROTOCOL_VERSION_KEY]: '2099-01-01' })),
      );
      expect(answer.status).toBe(400);
      expect(answer.messages).toHaveLength(1);
      expect(answer.messages[0]?.error).toMatchObject({
        code: -32022,
        data: { requested: '2099-01-01', supported: expect.arrayContaining([MODERN]) },
      });
      // The body parsed and named its id, so the error answers that id (as versioning.mdx shows); the
      // v2 client only surfaces a 400 body as the request's JSON-RPC error when the ids match.
      expect(answer.messages[0]?.id).toBe('d1');
      expectValid(answer, 'server/discover');
    });

    it('answers a request missing a required _meta field with 400 and -32602', async () => {
      const meta = modernMeta();
      delete meta['io.modelcontextprotocol/clientCapabilities'];
      const answer = await postModern(serving!.url, discover(meta));
      expect(answer.status).toBe(400);
      expect(answer.response?.error?.code).toBe(-32602);
      expectValid(answer, 'server/discover');
    });

    it('keeps every modern error body within the schema: the request id when known, else no id (never null)', async () => {
      const headers = modernHeaders({ method: 'tools/list', id: 1, params: { _meta: modernMeta() } });
      const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: modernMeta() } });
      const cases: [string, RequestInit, number][] = [
        ['GET', { method: 'GET', headers }, 405],
        ['unparsable body', { method: 'POST', headers, body: '{nope' }, 400],
        ['batch', { method: 'POST', headers, body: `[${list}]` }, 400],
        [
          'Accept without SSE',
          { method: 'POST', headers: { ...headers, accept: 'application/json' }, body: list },
          406,
        ],
      ];
      for (const [label, init, status] of cases) {
        const res = await fetch(serving!.url, init);
        expect(res.status, label).toBe(status);
        const text = await res.text();
        if (!text) continue; // a body is optional on these
        const body = JSON.parse(text) as Message;
        expect(validateServerMessage(MODERN, body, undefined, { closed: true }), `${label}: ${text}`).toEqual([]);
      }
    });

    it('answers a method the modern era removed with 404 and -32601', async () => {
      const answer = await postModern(serving!.url, {
        jsonrpc: '2.0',
        id: 'p1',
        method: 'ping',
        params: { _meta: modernMeta() },
      });
      expect(answer.status).toBe(404);
      expect(answer.response?.error?.code).toBe(-32601);
      expectValid(answer, 'ping');
    });
  });
});

describe('a server shutting down ends open listen streams gracefully (subscriptions.mdx §Graceful Closure: SHOULD)', () => {
  it('HTTP: closing the server answers the listen request, so the client sees a graceful end', async () => {
    const own = await serveHttp(createFixtureServer(), { port: 0 });
    const { client } = createClient('pinned');
    try {
      await client.connect(new StreamableHTTPClientTransport(own.url));
      const subscription = await client.listen({ toolsListChanged: true });
      const closing = own.close();
      expect(await subscription.closed).toBe('graceful');
      await closing;
    } finally {
      await client.close();
      await own.close();
    }
  });

  it('stdio: on SIGTERM the server answers the listen request before it exits', async () => {
    const raw = rawStdio();
    try {
      raw.child.stdin.write(
        `${JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'subscriptions/listen',
          params: { _meta: modernMeta(), notifications: { toolsListChanged: true } },
        })}\n`,
      );
      await raw.out.waitFor((line) => line.includes('notifications/subscriptions/acknowledged'));
      raw.child.kill('SIGTERM');
      expect((await exited(raw.child)).code).toBe(0);
      const answer = raw.messages().find((m) => m.id === 7 && !('method' in m));
      expect(answer?.result).toEqual({
        resultType: 'complete',
        _meta: expect.objectContaining({ [SUBSCRIPTION_ID_KEY]: 7 }),
      });
    } finally {
      await raw.close();
    }
  });
});
