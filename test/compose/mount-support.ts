// The pieces the mount acceptance tests share: the servers a hub mounts (the published
// server-everything over stdio, Decorum's everything example and a small waiter app over HTTP), and
// the official clients (v1 SDK, v2 in both eras) behind one interface that answers sampling and
// elicitation the same way.

import { Arg, type Context, Ctx, McpApp, Tool } from '@decorum/core';
import { Client as V2Client, StreamableHTTPClientTransport as V2Http } from '@modelcontextprotocol/client';
import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Http } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';

export const WRAPPER = new URL('./fixtures/everything-wrapper.mjs', import.meta.url).pathname;

/** A promise with its resolver, to wait for an event instead of sleeping. */
export function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A tool that waits until it is cancelled, and says so (to see cancellation arrive upstream). */
export class Waiter {
  private next = { started: deferred(), cancelled: deferred<string>() };

  /** What the next call of `wait` will report: that it started, and why it was cancelled. */
  expectCall() {
    return this.next;
  }

  @Tool({ description: 'Waits until cancelled' })
  async wait(@Ctx() ctx: Context) {
    const call = this.next;
    this.next = { started: deferred(), cancelled: deferred<string>() };
    call.started.resolve();
    await new Promise<void>((resolve) => ctx.signal.addEventListener('abort', () => resolve(), { once: true }));
    call.cancelled.resolve(String(ctx.signal.reason));
    return 'cancelled';
  }

  @Tool({ description: 'Says hello' })
  hello(@Arg('name') name: string) {
    return `hello ${name}`;
  }
}

/** An elicitation answer that fits any flat form: a plausible value per property. */
export function fill(schema: { properties?: Record<string, Record<string, unknown>> } | undefined) {
  const content: Record<string, unknown> = {};
  for (const [name, p] of Object.entries(schema?.properties ?? {})) {
    if (p.default !== undefined) content[name] = p.default;
    else if (p.type === 'boolean') content[name] = true;
    else if (p.type === 'number' || p.type === 'integer') content[name] = (p.minimum as number | undefined) ?? 1;
    else if (Array.isArray(p.enum)) content[name] = p.enum[0];
    else if (p.format === 'email') content[name] = 'ada@example.com';
    else if (p.format === 'uri') content[name] = 'https://example.com';
    else if (p.format === 'date') content[name] = '1815-12-10';
    else content[name] = 'Ada';
  }
  return { action: 'accept' as const, content };
}

const sampled = (messages: { content: unknown }[]) => ({
  role: 'assistant' as const,
  model: 'test-model',
  content: { type: 'text' as const, text: `sampled: ${(messages.at(-1)?.content as { text?: string })?.text}` },
});

/** What every test client does, whatever the SDK and era. */
export interface TestClient {
  label: string;
  /** The era the client negotiated with the hub. */
  era: 'legacy' | 'modern';
  listToolNames(): Promise<string[]>;
  call(
    name: string,
    args?: Record<string, unknown>,
    options?: { signal?: AbortSignal; onprogress?: (p: { progress: number }) => void },
  ): Promise<{ isError?: boolean; content?: unknown }>;
  readText(uri: string): Promise<string | undefined>;
  /** Resolves on the next notifications/tools/list_changed. */
  nextToolsChange(): Promise<void>;
  asked: string[];
  close(): Promise<void>;
}

/** Connects one of the official clients to `url`: `v1`, `v2-legacy` or `v2-modern` (2026-07-28). */
export async function connectTestClient(kind: 'v1' | 'v2-legacy' | 'v2-modern', url: URL): Promise<TestClient> {
  const asked: string[] = [];
  let changed = deferred();
  const onChange = () => {
    changed.resolve();
    changed = deferred();
  };
  const capabilities = { sampling: {}, elicitation: { form: {} } };
  if (kind === 'v1') {
    const client = new V1Client({ name: 'v1', version: '1' }, { capabilities });
    client.setRequestHandler(CreateMessageRequestSchema, async (r) => {
      asked.push('sampling');
      return sampled(r.params.messages);
    });
    client.setRequestHandler(ElicitRequestSchema, async (r) => {
      asked.push('elicitation');
      return fill((r.params as { requestedSchema?: never }).requestedSchema);
    });
    client.setNotificationHandler(ToolListChangedNotificationSchema, onChange);
    await client.connect(new V1Http(url));
    return {
      label: kind,
      era: 'legacy',
      asked,
      listToolNames: async () => (await client.listTools()).tools.map((t) => t.name),
      call: (name, args = {}, options = {}) =>
        client.callTool({ name, arguments: args }, undefined, { ...options, timeout: 20_000 }) as never,
      readText: async (uri) => ((await client.readResource({ uri })).contents[0] as { text?: string }).text,
      nextToolsChange: () => changed.promise,
      close: () => client.close(),
    };
  }
  const versionNegotiation = kind === 'v2-modern' ? { mode: { pin: '2026-07-28' } } : undefined;
  const client = new V2Client({ name: kind, version: '1' }, { capabilities, versionNegotiation } as never);
  client.setRequestHandler('sampling/createMessage', async (r) => {
    asked.push('sampling');
    return sampled(r.params.messages);
  });
  client.setRequestHandler('elicitation/create', async (r) => {
    asked.push('elicitation');
    return fill((r.params as { requestedSchema?: never }).requestedSchema) as never;
  });
  client.setNotificationHandler('notifications/tools/list_changed', onChange);
  await client.connect(new V2Http(url));
  // The modern era announces list changes only on a subscriptions/listen stream the client opens.
  const listening = kind === 'v2-modern' ? await client.listen({ toolsListChanged: true }) : undefined;
  return {
    label: kind,
    era: client.getProtocolEra() as 'legacy' | 'modern',
    asked,
    listToolNames: async () =>
      (await client.listTools(undefined, { cacheMode: 'bypass' } as never)).tools.map((t) => t.name),
    call: (name, args = {}, options = {}) =>
      client.callTool({ name, arguments: args }, { ...options, timeout: 20_000 } as never) as never,
    readText: async (uri) =>
      ((await client.readResource({ uri }, { cacheMode: 'bypass' } as never)).contents[0] as { text?: string }).text,
    nextToolsChange: () => changed.promise,
    close: async () => {
      await listening?.close();
      await client.close();
    },
  };
}

/** The waiter app, served over HTTP on a free port. */
export async function serveWaiter(): Promise<{ app: McpApp; waiter: Waiter; url: URL }> {
  const app = new McpApp({ name: 'waiter', version: '1', providers: [Waiter] });
  const { url } = await app.listen({ http: { port: 0 } });
  return { app, waiter: app.container.get(Waiter), url: url as URL };
}
