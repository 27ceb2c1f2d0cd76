// The client's behaviour suite, written once and run against every transport and both eras: our own client
// drives the engine's fixture server through every method it serves.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClientOptions, McpClient } from '../../src/client.js';
import { ErrorCode, McpError, versionAtLeast } from '../../src/index.js';

export interface ClientTarget {
  /** A fresh client connected to a fresh fixture server (page size 4) with these options. */
  open(options: ClientOptions): Promise<McpClient>;
  /** Ends the server side behind the client's back (a crash), when the target can. */
  kill?(): Promise<void>;
}

const NAME = { type: 'object', properties: { name: { type: 'string' } } };

const options = (protocolVersion: string): ClientOptions => ({
  protocolVersion,
  clientInfo: { name: 'suite', version: '1.0.0' },
  logLevel: 'info',
  handlers: {
    sampling: (params) => ({
      role: 'assistant',
      model: 'test-model',
      content: {
        type: 'text',
        text: `echo ${JSON.stringify((params.messages as { content: { text: string } }[])[0]?.content.text)}`,
      },
    }),
    elicitation: () => ({ action: 'accept', content: { name: 'Ada' } }),
    roots: () => [{ uri: 'file:///work', name: 'work' }],
  },
});

export function clientSuite(label: string, protocolVersion: string, target: ClientTarget): void {
  const era = protocolVersion === '2026-07-28' ? 'modern' : 'legacy';
  describe(`${label} — ${protocolVersion}`, () => {
    let client: McpClient;
    beforeEach(async () => {
      client = await target.open(options(protocolVersion));
    });
    afterEach(async () => {
      await client.close();
    });

    it('opens in the right era and knows the server', () => {
      expect(client.era).toBe(era);
      expect(client.protocolVersion).toBe(protocolVersion);
      expect(client.serverInfo).toMatchObject({ name: 'fixture', version: '1.0.0' });
      expect(client.serverCapabilities.tools).toBeDefined();
      expect(client.instructions).toBe('A test fixture.');
    });

    it('lists every page of tools, resources, templates and prompts', async () => {
      const tools = await client.listTools();
      expect(tools.length).toBeGreaterThan(4);
      expect(new Set(tools.map((t) => t.name)).size).toBe(tools.length);
      expect(tools.map((t) => t.name)).toContain('echo');
      const page = await client.listToolsPage();
      expect(page.items).toHaveLength(4);
      expect(page.nextCursor).toBeTypeOf('string');
      expect((await client.listResources()).map((r) => r.uri)).toEqual(
        Array.from({ length: 10 }, (_, i) => `test://item/${i}`),
      );
      expect((await client.listResourceTemplates())[0]?.uriTemplate).toBe('test://item/{id}');
      expect((await client.listPrompts()).map((p) => p.name)).toEqual(['greet', 'ask-topic']);
    });

    it('calls tools, reads resources, gets prompts, completes, pings', async () => {
      expect((await client.callTool('echo', { text: 'hi' })).content).toEqual([{ type: 'text', text: 'hi' }]);
      const structured = (await client.callTool('structured')).structuredContent;
      expect(structured).toEqual(versionAtLeast(protocolVersion, '2025-06-18') ? { sum: 3 } : undefined);
      await expect(client.callTool('fail')).rejects.toMatchObject({ code: -32603, message: 'Internal error' });
      expect((await client.readResource('test://item/3')).contents[0]).toMatchObject({ text: 'item 3' });
      const prompt = await client.getPrompt('greet', { name: 'Bo' });
      expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'Hello Bo' });
      const done = await client.complete({ type: 'ref/prompt', name: 'greet' }, { name: 'name', value: 'al' });
      expect(done.completion.values).toEqual(['alice', 'albert']);
      await expect(client.ping()).resolves.toBeUndefined();
      await expect(client.callTool('nope')).rejects.toMatchObject({ code: -32602 });
    });

    it('reports progress to the caller', async () => {
      const seen: unknown[] = [];
      const result = await client.callTool('progress', {}, { onProgress: (p) => seen.push(p) });
      expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
      const messages = versionAtLeast(protocolVersion, '2025-03-26');
      expect(seen).toEqual(
        [1, 2, 3].map((progress) =>
          messages ? { progress, total: 3, message: `step ${progress}` } : { progress, total: 3 },
        ),
      );
    });

    it('cancels a call when its signal aborts, and the server sees it', async () => {
      const controller = new AbortController();
      const call = client.callTool('wait-for-cancel', { tag: 't1' }, { signal: controller.signal });
      await client.callTool('await-tag', { tag: 't1', event: 'started' });
      controller.abort(new Error('changed my mind'));
      await expect(call).rejects.toThrow('changed my mind');
      const seen = await client.callTool('await-tag', { tag: 't1', event: 'cancelled' });
      expect(seen.content).toEqual([{ type: 'text', text: 'cancelled:t1' }]);
    });

    const elicits = versionAtLeast(protocolVersion, '2025-06-18');

    it('answers sampling and roots with its handlers', async () => {
      expect((await client.callTool('sample', { prompt: 'hello' })).content[0]).toEqual({
        type: 'text',
        text: 'model said: "echo \\"hello\\""',
      });
      expect((await client.callTool('roots')).content[0]).toEqual({
        type: 'text',
        text: JSON.stringify([{ uri: 'file:///work', name: 'work' }]),
      });
    });

    it.runIf(elicits)('answers elicitation, and several rounds of questions', async () => {
      expect((await client.callTool('elicit')).content[0]).toEqual({ type: 'text', text: 'accept: {"name":"Ada"}' });
      const three = await client.callTool('three-rounds');
      expect(JSON.parse(String(three.content[0]?.text))).toEqual({
        name: 'Ada',
        model: 'echo "greet Ada"',
        roots: [{ uri: 'file:///work', name: 'work' }],
      });
    });

    it.runIf(elicits)('lets one request answer its own questions (a mount forwarding them)', async () => {
      const asked: unknown[] = [];
      const result = await client.callTool(
        'elicit',
        {},
        {
          handlers: {
            elicitation: (params, ctx) => {
              asked.push({ schema: params.requestedSchema, related: ctx.relatedRequestId !== undefined });
              return { action: 'decline' };
            },
          },
        },
      );
      expect(result.content[0]).toEqual({ type: 'text', text: 'decline: null' });
      expect(asked).toEqual([{ schema: { ...NAME, required: ['name'] }, related: era === 'legacy' }]);
    });

    it.runIf(elicits)(
      'a handler that throws answers the server with its error, and the call fails with it',
      async () => {
        const refuse = () => {
          throw new McpError(ErrorCode.InvalidRequest, 'nobody is here to answer');
        };
        await expect(client.callTool('elicit', {}, { handlers: { elicitation: refuse } })).rejects.toMatchObject({
          code: ErrorCode.InvalidRequest,
          message: 'nobody is here to answer',
        });
        expect((await client.callTool('echo', { text: 'still here' })).content[0]).toMatchObject({
          text: 'still here',
        });
      },
    );

    it('hears log messages at the level it asked for', async () => {
      const logs: unknown[] = [];
      client.on('log', (entry) => logs.push(entry));
      await client.callTool('log');
      expect(logs).toEqual([
        { level: 'info', data: 'at info', logger: 'fixture' },
        { level: 'warning', data: 'at warning', logger: 'fixture' },
        { level: 'error', data: 'at error', logger: 'fixture' },
      ]);
    });

    it('hears list changes and resource updates', async () => {
      const changed = new Promise<void>((resolve) => client.on('toolsListChanged', resolve));
      await client.callTool('change-tools');
      await changed;
      await client.subscribeResource('test://item/1');
      const updated = new Promise<{ uri: string }>((resolve) => client.on('resourceUpdated', resolve));
      await client.callTool('touch', { uri: 'test://item/1' });
      expect(await updated).toEqual({ uri: 'test://item/1' });
      await client.unsubscribeResource('test://item/1');
    });

    it('says why it closed', async () => {
      const heard = new Promise((resolve) => client.on('close', resolve));
      await client.close();
      expect(await client.closed).toMatchObject({ reason: 'client' });
      expect(await heard).toMatchObject({ reason: 'client' });
      expect(client.isClosed).toBe(true);
      await expect(client.callTool('echo', { text: 'late' })).rejects.toThrow(/Connection closed/);
    });

    it.runIf(target.kill !== undefined)('learns that the server died', async () => {
      const pending = expect(client.callTool('wait-for-cancel')).rejects.toThrow();
      await target.kill?.();
      const info = await client.closed;
      expect(info.reason).not.toBe('client');
      expect(info.message).toBeTypeOf('string');
      await pending;
    });
  });
}
