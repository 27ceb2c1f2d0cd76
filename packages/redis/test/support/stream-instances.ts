// Instances of one small server in this process, each with its own HTTP listener (port 0) and its
// own Redis connections, sharing one Redis: what the stream tests need to see a session's streams
// move between instances. Tools: `progress` (reports `steps` times), `relay` (reports, drops its
// POST stream so the client resumes it, waits for the test to open its gate, reports again, answers).
import { ProtocolServer } from '@decorum/protocol';
import { type HttpServing, serveHttp } from '@decorum/protocol/node';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, vi } from 'vitest';
import { getStream } from '../../../protocol/test/support/raw-http.js';
import { type RedisScaleOut, redisScaleOut } from '../../src/redis-scale-out.js';
import { uniquePrefix } from './redis-server.js';

/** One instance: its endpoint, its parts, and what it logged. */
export interface StreamInstance {
  url: URL;
  server: ProtocolServer;
  scaleOut: RedisScaleOut;
  serving: HttpServing;
  logs: string[];
  /** Resolves once `times` lines matching `pattern` have been logged. */
  logged(pattern: RegExp, times?: number): Promise<void>;
  /** Lets the `relay` call waiting on `gate` go on. */
  open(gate: string): void;
  /** Resolves once a `relay` call waits on `gate`. */
  waiting(gate: string): Promise<void>;
  /** What a crash looks like to the others: connections cut, Redis left without a goodbye. */
  die(): Promise<void>;
  close(): Promise<void>;
}

/** What a test may set of an instance's stream handling. */
type StreamOptions = { streamLeaseMs?: number };
/** A fetch in front of the instances (a load balancer's routing). */
type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });

/** A deferred, for gates between the test and a running tool. */
function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export async function startStreamInstance(
  url: string,
  keyPrefix: string,
  options: StreamOptions & { waitMs?: number } = {},
): Promise<StreamInstance> {
  const logs: string[] = [];
  const waiters = new Set<() => boolean>();
  const push = (message: string) => {
    logs.push(message);
    for (const waiter of waiters) if (waiter()) waiters.delete(waiter);
  };
  const logger = { warn: push, error: push };
  const logged = (pattern: RegExp, times = 1) =>
    new Promise<void>((resolve) => {
      const done = () => {
        if (logs.filter((line) => pattern.test(line)).length < times) return false;
        resolve();
        return true;
      };
      if (!done()) waiters.add(done);
    });
  const gates = new Map<string, ReturnType<typeof deferred>>();
  const waits = new Map<string, ReturnType<typeof deferred>>();
  const gate = (map: typeof gates, name: string) => {
    let entry = map.get(name);
    if (entry === undefined) {
      entry = deferred();
      map.set(name, entry);
    }
    return entry;
  };
  const server = new ProtocolServer({ serverInfo: { name: 'streams', version: '1.0.0' }, logger });
  server.setTools({
    list: () => [
      { name: 'progress', inputSchema: { type: 'object', properties: { steps: { type: 'number' } } } },
      { name: 'relay', inputSchema: { type: 'object', properties: { gate: { type: 'string' } } } },
    ],
    async call({ name, arguments: args = {} }, ctx) {
      if (name === 'progress') {
        const steps = Number(args.steps ?? 3);
        for (let i = 1; i <= steps; i++) await ctx.progress(i, steps, `step ${i}`);
        return text('done');
      }
      const name_ = String(args.gate);
      await ctx.progress(1, 2, 'before the gate');
      ctx.closeSseStream();
      gate(waits, name_).resolve();
      await gate(gates, name_).promise;
      await ctx.progress(2, 2, 'after the gate');
      return text(`relayed ${name_}`);
    },
  });
  const scaleOut = redisScaleOut({ url, keyPrefix, logger, ...options });
  await scaleOut.connection.run('ping', (client) => client.ping());
  scaleOut.bus.subscribe(() => undefined);
  await scaleOut.bus.ready();
  const serving = await serveHttp(server, { scaleOut, retryMs: 50, shutdownTimeoutMs: 500, health: false });
  return {
    url: serving.url,
    server,
    scaleOut,
    serving,
    logs,
    logged,
    open: (name) => gate(gates, name).resolve(),
    waiting: (name) => gate(waits, name).promise,
    async die() {
      serving.listener.server.closeAllConnections();
      serving.listener.server.close();
      await scaleOut.connection.close();
    },
    close: () => serving.close(),
  };
}

/**
 * The setup of a describe block of stream tests: `start(count)` starts instances sharing the Redis at
 * `url` under a key prefix of their own, `client()` an official client; both are closed after each test.
 */
export function streamTests(url: string) {
  const running: StreamInstance[] = [];
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
    await Promise.all(running.splice(0).map((instance) => instance.close().catch(() => undefined)));
  });
  const start = async (count: number, options?: StreamOptions) => {
    const keyPrefix = uniquePrefix();
    const started = await Promise.all(
      Array.from({ length: count }, () => startStreamInstance(url, keyPrefix, options)),
    );
    running.push(...started);
    return started;
  };
  return {
    start,
    two: (options?: StreamOptions) => start(2, options) as Promise<[StreamInstance, StreamInstance]>,
    /** An official client connected to `url` through `fetch`, counting tools/list_changed. */
    async connect(url: URL, fetch?: Fetch) {
      const client = new Client({ name: 'streams-test', version: '1.0.0' });
      clients.push(client);
      const changes = counter();
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => changes.hit());
      const transport = new StreamableHTTPClientTransport(url, { fetch });
      await client.connect(transport);
      return { client, changes, sessionId: transport.sessionId as string };
    },
  };
}

/**
 * A load balancer that sends every POST to `runner` and every GET to `follower`; `resumed` resolves
 * once `follower` has answered a GET with Last-Event-ID (the client resuming a stream there).
 */
export function postsTo(runner: StreamInstance, follower: StreamInstance) {
  let resolveResumed!: () => void;
  const resumed = new Promise<void>((resolve) => {
    resolveResumed = resolve;
  });
  const route = routed((method) => (method === 'POST' ? runner : follower));
  const fetchVia = async (input: string | URL | Request, init?: RequestInit) => {
    const response = await route(input, init);
    if ((init?.method ?? 'GET') === 'GET' && new Headers(init?.headers).has('last-event-id')) resolveResumed();
    return response;
  };
  return { fetch: fetchVia, resumed };
}

/** A fresh GET stream for the session on `url`, asked again until it is no longer refused (another's lease gone). */
export function getStreamOnceFree(url: URL, sessionId: string): Promise<Response> {
  return vi.waitFor(
    async () => {
      const response = await getStream(url, sessionId);
      if (response.status === 200) return response;
      await response.body?.cancel();
      throw new Error(`GET on ${url.host} answered ${response.status}`);
    },
    { timeout: 3_000, interval: 20 },
  );
}

/** Sends every request to whichever instance `route` names at that moment (a load balancer). */
export function routed(route: (method: string, headers: Headers) => StreamInstance) {
  return (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const headers = new Headers(init?.headers);
    url.host = route(init?.method ?? 'GET', headers).url.host;
    return fetch(url, init);
  };
}

/** Counts notifications, and lets a test wait for the count to reach a number. */
export function counter() {
  let count = 0;
  const waiters: [number, () => void][] = [];
  return {
    get count() {
      return count;
    },
    hit() {
      count++;
      for (const [at, resolve] of waiters) if (count >= at) resolve();
    },
    reach: (at: number) =>
      new Promise<void>((resolve) => {
        if (count >= at) resolve();
        else waiters.push([at, resolve]);
      }),
  };
}
