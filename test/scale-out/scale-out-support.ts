// Helpers of the scale-out e2e test: instances of examples/everything as separate processes, and a
// raw SSE reader over fetch for precise control of event ids and Last-Event-ID.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { exited, LineReader, spawnTs } from '../support/spawn-fixture.js';

export const TEST_REDIS_URL = process.env.DECORUM_TEST_REDIS_URL;
export const LEGACY = '2025-11-25';
export const MODERN = '2026-07-28';

/** One running instance: its process and MCP endpoint. */
export interface Instance {
  name: string;
  child: ChildProcessWithoutNullStreams;
  url: string;
  stderr: LineReader;
}

/** Starts the fixture on a free port with REDIS_URL set; resolves once it listens. */
export async function startInstance(name: string, redisUrl: string): Promise<Instance> {
  const child = spawnTs('test/scale-out/fixtures/everything-instance.ts', { PORT: '0', REDIS_URL: redisUrl });
  const stderr = new LineReader(child.stderr);
  new LineReader(child.stdout); // drained, never read
  const failed = exited(child).then(({ code, signal }) => {
    throw new Error(`instance ${name} exited (${code ?? signal}) before listening:\n${stderr.lines.join('\n')}`);
  });
  const line = await Promise.race([stderr.waitFor((l) => l.startsWith('MCP endpoint: ')), failed]);
  failed.catch(() => undefined);
  const url = (/MCP endpoint: (\S+)/.exec(line) as RegExpExecArray)[1] as string;
  return { name, child, url, stderr };
}

/** Kills an instance at once (no graceful close: what a crash looks like) and waits for it to be gone. */
export async function kill(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const gone = exited(instance.child);
  instance.child.kill('SIGKILL');
  await gone;
}

/** Ends an instance gracefully. */
export async function stop(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const gone = exited(instance.child);
  instance.child.kill('SIGTERM');
  await gone;
}

export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

/** Reads SSE events from a response body, one at a time, as they arrive. */
export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';

  constructor(response: Response) {
    if (response.body === null) throw new Error('no body');
    this.reader = response.body.getReader();
  }

  /** The next event, or undefined when the stream ended. */
  async next(): Promise<SseEvent | undefined> {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const event: SseEvent = { data: '' };
        let hasField = false;
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const field = line.slice(0, colon);
          const value = line.slice(colon + 1).replace(/^ /, '');
          if (field === 'id') event.id = value;
          else if (field === 'event') event.event = value;
          else if (field === 'data') event.data = event.data ? `${event.data}\n${value}` : value;
          else continue;
          hasField = true;
        }
        if (hasField) return event;
        continue;
      }
      const { value, done } = await this.reader.read();
      if (done) return undefined;
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  /** The next event that carries a JSON-RPC message, parsed. */
  async nextMessage(): Promise<{ id?: string; message: Record<string, any> } | undefined> {
    for (;;) {
      const event = await this.next();
      if (event === undefined) return undefined;
      if (event.data !== '') return { id: event.id, message: JSON.parse(event.data) };
    }
  }

  async cancel(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}

/** Headers of a legacy Streamable HTTP POST. */
export function legacyHeaders(sessionId?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': LEGACY,
    ...(sessionId && { 'mcp-session-id': sessionId }),
  };
}

/** POSTs one legacy request and returns its response message (read from JSON or from the SSE stream). */
export async function legacyCall(
  url: string,
  sessionId: string | undefined,
  id: number,
  method: string,
  params: Record<string, unknown> = {},
): Promise<{ response: Response; message: Record<string, any> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: legacyHeaders(sessionId),
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  });
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    return { response, message: (await response.json()) as Record<string, any> };
  }
  const sse = new SseReader(response);
  for (;;) {
    const next = await sse.nextMessage();
    if (next === undefined) throw new Error(`${method}: the stream ended without a response`);
    if (next.message.id === id) return { response, message: next.message };
  }
}

/** A 2026-07-28 request over HTTP: the envelope in _meta and the mirrored headers. */
export async function modernPost(url: string, id: number, method: string, params: Record<string, unknown>) {
  const name = (params.name ?? params.uri) as string | undefined;
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(name !== undefined && { 'mcp-name': name }),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': MODERN,
          'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {} } },
          'io.modelcontextprotocol/clientInfo': { name: 'scale-out-test', version: '1.0.0' },
        },
      },
    }),
  });
}

/** The response message of a modern POST (JSON or SSE). */
export async function modernResult(response: Response, id: number): Promise<Record<string, any>> {
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    return (await response.json()) as Record<string, any>;
  }
  const sse = new SseReader(response);
  for (;;) {
    const next = await sse.nextMessage();
    if (next === undefined) throw new Error('the stream ended without a response');
    if (next.message.id === id) return next.message;
  }
}
