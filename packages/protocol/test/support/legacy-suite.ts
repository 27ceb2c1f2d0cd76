// The legacy-era behaviour suite, written once and run against every transport and revision: the
// official SDK client drives a fixture server through every method the engine serves.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { versionAtLeast } from '../../src/index.js';
import { type ClientRecord, createSdkClient, pinVersion } from './sdk-client.js';

export interface SuiteTarget {
  /** A fresh client-side transport connected to a fresh fixture server (page size 4). */
  open(): Promise<SdkTransport>;
  /** Server-side observations, when the server runs in-process. */
  cancelled?: () => string[];
  /** The transport hands over each message on its own (no chunk coalescing). */
  separateFrames?: boolean;
  /** What the engine logged, when the server runs in-process. */
  logged?: () => string[];
}

/** The raw result of the last response the client received for a method. */
export function lastResult(record: ClientRecord, method: string): unknown {
  for (let i = record.received.length - 1; i >= 0; i--) {
    const message = record.received[i] as { id?: string | number; result?: unknown };
    if (message.result !== undefined && message.id !== undefined && record.sentMethods.get(message.id) === method) {
      return message.result;
    }
  }
  return undefined;
}

export function legacySuite(label: string, version: string, target: SuiteTarget): void {
  describe(`${label} — protocol ${version}`, () => {
    let client: Client;
    let record: ClientRecord;

    beforeEach(async () => {
      ({ client, record } = createSdkClient());
      await client.connect(pinVersion(await target.open(), version, record));
    });
    afterEach(async () => {
      await client.close();
    });

    it('negotiates the version and reports server info shaped for it', () => {
      const info = client.getServerVersion();
      expect(info?.name).toBe('fixture');
      expect(info?.title).toBe(versionAtLeast(version, '2025-06-18') ? 'Fixture' : undefined);
      expect(client.getInstructions()).toBe('A test fixture.');
      const caps = client.getServerCapabilities();
      expect(caps?.tools).toEqual({ listChanged: true });
      expect(caps?.resources).toEqual({ subscribe: true, listChanged: true });
      expect(caps?.completions).toEqual(versionAtLeast(version, '2025-03-26') ? {} : undefined);
    });

    it('pages through tools with opaque cursors and shapes each tool', async () => {
      const names: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await client.listTools(cursor === undefined ? {} : { cursor });
        names.push(...page.tools.map((t) => t.name));
        if (page.tools[0]?.name === 'echo') {
          expect('title' in page.tools[0]).toBe(versionAtLeast(version, '2025-06-18'));
          expect('icons' in page.tools[0]).toBe(versionAtLeast(version, '2025-11-25'));
          expect('annotations' in page.tools[0]).toBe(versionAtLeast(version, '2025-03-26'));
        }
        cursor = page.nextCursor;
        pages++;
      } while (cursor !== undefined);
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(names).toContain('echo');
      expect(new Set(names).size).toBe(names.length);
      await expect(client.listTools({ cursor: 'bogus' })).rejects.toMatchObject({ code: -32602 });
    });

    it('calls a tool, and downgrades content the revision lacks', async () => {
      expect(await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).toMatchObject({
        content: [{ type: 'text', text: 'hi' }],
      });
      const mixed = await client.callTool({ name: 'mixed-content', arguments: {} });
      const types = (mixed.content as { type: string }[]).map((c) => c.type);
      expect(types).toEqual([
        'text',
        'image',
        versionAtLeast(version, '2025-03-26') ? 'audio' : 'text',
        versionAtLeast(version, '2025-06-18') ? 'resource_link' : 'text',
        'resource',
      ]);
      const structured = await client.callTool({ name: 'structured', arguments: {} });
      if (versionAtLeast(version, '2025-06-18')) expect(structured.structuredContent).toEqual({ sum: 3 });
      else expect(structured.content).toEqual([{ type: 'text', text: '{"sum":3}' }]);
    });

    it('masks a failing handler as -32603 and answers unknown tools with -32602', async () => {
      await expect(client.callTool({ name: 'fail', arguments: {} })).rejects.toMatchObject({ code: -32603 });
      await expect(client.callTool({ name: 'fail', arguments: {} })).rejects.not.toThrow(/password/);
      await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toMatchObject({ code: -32602 });
      if (target.logged)
        expect(target.logged().join('\n')).toMatch(/handler for "tools\/call" failed .*secret database password/);
    });

    it('reports increasing progress to the caller', async () => {
      const seen: { progress: number; total?: number; message?: string }[] = [];
      await client.callTool({ name: 'progress', arguments: {} }, undefined, { onprogress: (p) => seen.push(p) });
      // The SDK dispatches notifications a microtask later than responses, so when a pipe delivers
      // progress and result in one chunk, its callback misses the late ones: read the wire instead.
      const wire = record.received
        .filter((m) => (m as { method?: string }).method === 'notifications/progress')
        .map((m) => (m as { params: { progress: number; message?: string } }).params);
      expect(wire.map((p) => p.progress)).toEqual([1, 2, 3]);
      expect(wire[0]?.message).toBe(versionAtLeast(version, '2025-03-26') ? 'step 1' : undefined);
      // Whatever the callback did see is a correct prefix; in-memory, where each message arrives on
      // its own, it sees all of them.
      expect(seen.map((p) => p.progress)).toEqual(wire.slice(0, seen.length).map((p) => p.progress));
      if (target.separateFrames) expect(seen).toHaveLength(3);
      await expect(
        client.callTool({ name: 'bad-progress', arguments: {} }, undefined, { onprogress: () => undefined }),
      ).rejects.toMatchObject({ code: -32603 });
    });

    it('cancels a call mid-flight: the handler sees the abort and no response arrives', async () => {
      const controller = new AbortController();
      const call = client.callTool({ name: 'wait-for-cancel', arguments: {} }, undefined, {
        signal: controller.signal,
      });
      await client.ping(); // the call is in flight on the server once a later ping is answered
      controller.abort('user pressed stop');
      await expect(call).rejects.toThrow();
      await client.ping(); // the cancellation has been processed once this later ping is answered
      if (target.cancelled) expect(target.cancelled()).toHaveLength(1);
      const responses = record.received.filter((m) => {
        const id = (m as { id?: string | number }).id;
        return id !== undefined && record.sentMethods.get(id) === 'tools/call' && !('method' in (m as object));
      });
      expect(responses).toHaveLength(0);
    });

    it('round-trips sampling and roots through the client', async () => {
      expect(await client.callTool({ name: 'sample', arguments: { prompt: 'ping' } })).toMatchObject({
        content: [{ type: 'text', text: 'model said: "echo:ping"' }],
      });
      expect(await client.callTool({ name: 'roots', arguments: {} })).toMatchObject({
        content: [{ type: 'text', text: '[{"uri":"file:///work","name":"work"}]' }],
      });
    });

    it('round-trips elicitation where the revision has it, and refuses it locally where not', async () => {
      const result = client.callTool({ name: 'elicit', arguments: {} });
      if (versionAtLeast(version, '2025-06-18')) {
        expect(await result).toMatchObject({ content: [{ type: 'text', text: 'accept: {"name":"Ada"}' }] });
      } else {
        await expect(result).rejects.toMatchObject({ code: -32603 });
      }
    });

    it('filters log messages by the level the client set', async () => {
      await client.callTool({ name: 'log', arguments: {} });
      expect(record.logs.map((l) => l.level)).toEqual(['debug', 'info', 'warning', 'error']);
      record.logs.length = 0;
      await client.setLoggingLevel('warning');
      await client.callTool({ name: 'log', arguments: {} });
      expect(record.logs).toEqual([
        { level: 'warning', data: 'at warning', logger: 'fixture' },
        { level: 'error', data: 'at error', logger: 'fixture' },
      ]);
      await expect(
        client.request({ method: 'logging/setLevel', params: { level: 'loud' } } as never, {} as never),
      ).rejects.toThrow();
    });

    it('sends resources/updated only for subscribed URIs, and list_changed', async () => {
      await client.subscribeResource({ uri: 'test://item/1' });
      await client.callTool({ name: 'touch', arguments: { uri: 'test://item/2' } });
      await client.callTool({ name: 'touch', arguments: { uri: 'test://item/1' } });
      await client.unsubscribeResource({ uri: 'test://item/1' });
      await client.callTool({ name: 'touch', arguments: { uri: 'test://item/1' } });
      await client.callTool({ name: 'change-tools', arguments: {} });
      await client.ping();
      expect(record.updated).toEqual(['test://item/1']);
      expect(record.toolsChanged).toBe(1);
    });

    it('lists and reads resources and templates, and pages through them', async () => {
      const first = await client.listResources();
      expect(first.resources).toHaveLength(4);
      expect(first.nextCursor).toBeDefined();
      const all = [...first.resources];
      let cursor = first.nextCursor;
      while (cursor) {
        const page = await client.listResources({ cursor });
        all.push(...page.resources);
        cursor = page.nextCursor;
      }
      expect(all.map((r) => r.uri)).toEqual(Array.from({ length: 10 }, (_, i) => `test://item/${i}`));
      expect('lastModified' in (all[0]?.annotations ?? {})).toBe(versionAtLeast(version, '2025-06-18'));
      const templates = await client.listResourceTemplates();
      expect(templates.resourceTemplates[0]?.uriTemplate).toBe('test://item/{id}');
      const read = await client.readResource({ uri: 'test://item/7' });
      expect(read.contents[0]).toMatchObject({ uri: 'test://item/7', text: 'item 7' });
      await expect(client.readResource({ uri: 'test://missing' })).rejects.toMatchObject({ code: -32002 });
    });

    it('lists and gets prompts, and completes arguments', async () => {
      const prompts = await client.listPrompts();
      expect(prompts.prompts[0]?.name).toBe('greet');
      // The SDK's parser strips PromptArgument.title, so read the raw message the client received.
      const raw = lastResult(record, 'prompts/list') as { prompts: { arguments: { title?: string }[] }[] };
      expect(raw.prompts[0]?.arguments[0]?.title).toBe(versionAtLeast(version, '2025-06-18') ? 'Name' : undefined);
      const got = await client.getPrompt({ name: 'greet', arguments: { name: 'Ada' } });
      expect(got.messages[0]?.content).toEqual({ type: 'text', text: 'Hello Ada' });
      const completion = await client.complete({
        ref: { type: 'ref/prompt', name: 'greet' },
        argument: { name: 'name', value: 'al' },
      });
      expect(completion.completion.values).toEqual(['alice', 'albert']);
    });

    it('answers ping both ways', async () => {
      expect(await client.ping()).toEqual({});
    });
  });
}
