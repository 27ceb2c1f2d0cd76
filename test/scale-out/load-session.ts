// One legacy session of the non-sticky e2e, driven by the official SDK client through the proxy: its
// calls, with the outcome of each (result, HTTP error, time-out), and every notification it received.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceUpdatedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';

/** How one call ended, as the client saw it (`at`: when it was sent, performance.now()). */
export type Outcome = { token: string; at: number } & (
  | { kind: 'ok'; text: string; progress: number[]; ms: number }
  | { kind: 'tool-error'; text: string }
  | { kind: 'http'; status: number; message: string }
  | { kind: 'timeout' }
  | { kind: 'failed'; message: string }
);

/**
 * The client's request time-out: a call without an answer by then counts as unanswered. The SDK's
 * own default (60 s): on 2 shared cores the first wave of 200 calls queues for seconds, and slow is not lost.
 */
export const CALL_TIMEOUT_MS = 60_000;

// Fast, patient resumption (the SDK default waits 1 s and gives up after 2 tries): an instance that
// dies takes its GET streams with it, and the client must come back on another one.
const RECONNECTION = {
  initialReconnectionDelay: 100,
  maxReconnectionDelay: 1_000,
  reconnectionDelayGrowFactor: 1.5,
  maxRetries: 30,
};

export class LoadSession {
  readonly outcomes: Outcome[] = [];
  /** What the SDK reported through `onerror` (stream drops, reconnections, unparsable messages). */
  readonly errors: string[] = [];
  /** resources/updated received, per URI. */
  readonly updates = new Map<string, number>();
  private readonly waiters: { uri: string; count: number; resolve: () => void }[] = [];

  private constructor(
    readonly name: string,
    readonly client: Client,
    readonly transport: StreamableHTTPClientTransport,
  ) {}

  /** Opens a session through `url` (initialize, initialized, then the client's own GET stream). */
  static async open(url: string, name: string): Promise<LoadSession> {
    const client = new Client({ name: `e2e-${name}`, version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(url), { reconnectionOptions: RECONNECTION });
    const session = new LoadSession(name, client, transport);
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => session.received(n.params.uri));
    client.onerror = (error) => void session.errors.push(error.message);
    await client.connect(transport);
    return session;
  }

  get sessionId(): string {
    return this.transport.sessionId as string;
  }

  /** One `scale_out_work` call; never throws, records and returns its outcome. */
  async work(token: string, steps: number, pauseMs = 0, timeout = CALL_TIMEOUT_MS): Promise<Outcome> {
    const progress: number[] = [];
    const started = performance.now();
    const outcome = await this.client
      .callTool({ name: 'scale_out_work', arguments: { token, steps, pauseMs } }, undefined, {
        timeout,
        onprogress: (p) => void progress.push(p.progress),
      })
      .then(
        (result): Outcome => {
          const text = (result.content as { text?: string }[])[0]?.text ?? '';
          return result.isError
            ? { kind: 'tool-error', token, at: started, text }
            : { kind: 'ok', token, at: started, text, progress, ms: performance.now() - started };
        },
        (error: Error & { code?: number }) => classify(token, started, error),
      );
    this.outcomes.push(outcome);
    return outcome;
  }

  /** `count` calls with `inFlight` of them running at once. */
  async workMany(
    prefix: string,
    count: number,
    inFlight: number,
    steps: number,
    pauseMs = 0,
    timeout = CALL_TIMEOUT_MS,
  ): Promise<Outcome[]> {
    let next = 0;
    const results: Outcome[] = [];
    const lane = async () => {
      while (next < count) {
        const index = next++;
        results[index] = await this.work(`${this.name}/${prefix}-${index}`, steps, pauseMs, timeout);
      }
    };
    await Promise.all(Array.from({ length: inFlight }, lane));
    return results;
  }

  async subscribe(uri: string): Promise<void> {
    await this.client.subscribeResource({ uri }, { timeout: CALL_TIMEOUT_MS });
  }

  /** Announces an update of `uri` from whichever instance the call lands on. */
  async touch(uri: string): Promise<void> {
    const result = await this.client.callTool({ name: 'scale_out_touch', arguments: { uri } }, undefined, {
      timeout: CALL_TIMEOUT_MS,
    });
    if (result.isError) throw new Error(`touch ${uri} failed: ${JSON.stringify(result.content)}`);
  }

  /** Resolves once `count` updates of `uri` have arrived in all (bounded by `ms`: false if they did not). */
  waitForUpdates(uri: string, count: number, ms: number): Promise<boolean> {
    if ((this.updates.get(uri) ?? 0) >= count) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.waiters.push({
        uri,
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      });
    });
  }

  async close(): Promise<void> {
    await this.client.close().catch(() => undefined);
  }

  private received(uri: string): void {
    this.updates.set(uri, (this.updates.get(uri) ?? 0) + 1);
    const count = this.updates.get(uri) ?? 0;
    for (const waiter of this.waiters.filter((w) => w.uri === uri && w.count <= count)) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }
}

function classify(token: string, at: number, error: Error & { code?: number }): Outcome {
  // The SDK: McpError -32001 on its own time-out; StreamableHTTPError carries the HTTP status as `code`.
  if (error.code === -32001) return { kind: 'timeout', token, at };
  if (error.constructor.name === 'StreamableHTTPError' && typeof error.code === 'number' && error.code > 0) {
    return { kind: 'http', token, at, status: error.code, message: error.message };
  }
  return { kind: 'failed', token, at, message: error.message };
}

/** Counts of outcomes by kind, for messages and the printed figures. */
export function tally(outcomes: Outcome[]): Record<Outcome['kind'], number> {
  const counts = { ok: 0, 'tool-error': 0, http: 0, timeout: 0, failed: 0 };
  for (const outcome of outcomes) counts[outcome.kind]++;
  return counts;
}

/** Latency percentiles of the answered calls, in ms. */
export function latency(outcomes: Outcome[]): { p50: number; p99: number; max: number } {
  const ms = outcomes.flatMap((o) => (o.kind === 'ok' ? [o.ms] : [])).sort((a, b) => a - b);
  const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] ?? 0);
  return { p50: at(0.5), p99: at(0.99), max: Math.round(ms.at(-1) ?? 0) };
}

/** Results that answer another call than the one asked (a result echoes its call's token). */
export function misrouted(outcomes: Outcome[]): Outcome[] {
  return outcomes.filter((o) => o.kind === 'ok' && !o.text.startsWith(`${o.token} on `));
}
