// Raw JSON-RPC connections to the task fixture app for the 2026-07-28 tests, over real stdio (a spawned
// process) and real HTTP (loopback port 0): requests answered by id, every other message kept for `next`.
import type { McpApp } from '../../../packages/core/src/index.js';
import { LineReader, spawnTs } from '../../support/spawn-fixture.js';
import { createTaskApp, type TaskAppOptions } from '../fixtures/task-app.js';

export type Message = Record<string, any>;
export const TASKS = 'io.modelcontextprotocol/tasks';
const FIXTURE = 'test/tasks/fixtures/task-app.ts';

/** The 2026-07-28 envelope, with or without the tasks extension in the request's capabilities. */
export const meta = (optIn: boolean): Message => ({
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': optIn ? { extensions: { [TASKS]: {} } } : {},
  'io.modelcontextprotocol/clientInfo': { name: 'raw-tasks', version: '1.0.0' },
});

/** One connection: requests answered by id, and every message seen (listen notifications included). */
export interface Wire {
  request(method: string, params: Message): Promise<Message>;
  /** Sends a request whose answer may not come soon (listen); its stream's messages reach `next`. */
  open(method: string, params: Message): void;
  /** Resolves with the first message seen so far or later that satisfies `ok`. */
  next(ok: (message: Message) => boolean): Promise<Message>;
  close(): Promise<void>;
}

class Seen {
  private readonly all: Message[] = [];
  private waiters: Array<{ ok: (m: Message) => boolean; resolve: (m: Message) => void }> = [];
  push(message: Message): void {
    const waiter = this.waiters.find((w) => w.ok(message));
    if (waiter === undefined) {
      this.all.push(message);
      return;
    }
    this.waiters.splice(this.waiters.indexOf(waiter), 1);
    waiter.resolve(message);
  }
  next(ok: (m: Message) => boolean): Promise<Message> {
    const index = this.all.findIndex(ok);
    if (index !== -1) return Promise.resolve(this.all.splice(index, 1)[0] as Message);
    return new Promise((resolve) => this.waiters.push({ ok, resolve }));
  }
}

let ids = 0;

export async function stdioWire(options: TaskAppOptions = {}): Promise<Wire> {
  const child = spawnTs(FIXTURE, { TASK_APP_OPTIONS: JSON.stringify(options) });
  child.stderr.resume();
  const seen = new Seen();
  const lines = new LineReader(child.stdout);
  lines.waitFor((line) => {
    try {
      seen.push(JSON.parse(line) as Message);
    } catch {}
    return false;
  });
  const write = (method: string, params: Message) => {
    const id = ++ids;
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
    return id;
  };
  return {
    request: (method, params) => {
      const id = write(method, params);
      return seen.next((m) => m.id === id);
    },
    open: (method, params) => void write(method, params),
    next: (ok) => seen.next(ok),
    close: async () => {
      child.kill('SIGKILL');
    },
  };
}

export async function httpWire(options: TaskAppOptions = {}): Promise<Wire> {
  const app: McpApp = createTaskApp(undefined, undefined, options);
  const { url } = await app.listen({ http: { port: 0 } });
  const seen = new Seen();
  const aborts: AbortController[] = [];
  const post = async (method: string, params: Message): Promise<number> => {
    const id = ++ids;
    const abort = new AbortController();
    aborts.push(abort);
    const response = await fetch(String(url), {
      method: 'POST',
      signal: abort.signal,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...(typeof (params.taskId ?? params.name) === 'string' ? { 'mcp-name': params.taskId ?? params.name } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    });
    void (async () => {
      if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
        seen.push((await response.json()) as Message);
        return;
      }
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .find((line) => line.startsWith('data:'));
          buffer = buffer.slice(end + 2);
          if (data !== undefined && data.length > 6) seen.push(JSON.parse(data.slice(5)) as Message);
          end = buffer.indexOf('\n\n');
        }
      }
    })().catch(() => undefined);
    return id;
  };
  return {
    request: async (method, params) => {
      const id = await post(method, params);
      return seen.next((m) => m.id === id);
    },
    open: (method, params) => void post(method, params),
    next: (ok) => seen.next(ok),
    close: async () => {
      for (const abort of aborts) abort.abort();
      await app.close();
    },
  };
}
