// Raw Streamable HTTP for tests where the exact status of a request and the events of one stream
// matter (an official client hides both): the headers of an MCP request, an SSE reader, the response
// message of a POST (JSON or SSE), and a session opened and its GET stream. Shared by the protocol,
// @decorum/redis and scale-out tests, so there is one SSE parser to trust.

/** The session-based protocol version these helpers speak unless told otherwise. */
export const LEGACY = '2025-11-25';
/** The stateless protocol version (its envelope travels in `_meta`). */
export const MODERN = '2026-07-28';
export const ACCEPT_BOTH = 'application/json, text/event-stream';

/** One SSE event; `data` joins the event's data lines with newlines, as the SSE spec says. */
export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
  retry?: number;
}

/** Reads SSE events from a response body, one at a time, as they arrive (never on a timer). */
export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';

  constructor(response: Response) {
    if (!response.body) throw new Error('response has no body');
    this.reader = response.body.getReader();
  }

  /**
   * The next event, or undefined when the stream ended. Comment lines are skipped; a block with only
   * a `retry:` line is an event (a resumed stream's retry hint). A broken connection rejects.
   */
  async next(): Promise<SseEvent | undefined> {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const event = parseBlock(block);
        if (event !== undefined) return event;
        continue;
      }
      const { done, value } = await this.reader.read();
      if (done) return undefined;
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  /** The next event that carries a JSON-RPC message, parsed; undefined when the stream ended. */
  async nextMessage(): Promise<{ id?: string; message: Record<string, any> } | undefined> {
    for (;;) {
      const event = await this.next();
      if (event === undefined) return undefined;
      if (event.data !== '') return { id: event.id, message: JSON.parse(event.data) };
    }
  }

  /** Every remaining event until the stream ends. */
  async rest(): Promise<SseEvent[]> {
    const events: SseEvent[] = [];
    for (let e = await this.next(); e !== undefined; e = await this.next()) events.push(e);
    return events;
  }

  /** Stops reading; a stream that already broke is as good as cancelled. */
  cancel(): Promise<void> {
    return this.reader.cancel().catch(() => undefined);
  }
}

/** One event block's fields; undefined for a block of comments only. */
function parseBlock(block: string): SseEvent | undefined {
  const event: SseEvent = { data: '' };
  const data: string[] = [];
  let fields = 0;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, '');
    fields++;
    if (name === 'data') data.push(value);
    else if (name === 'id') event.id = value;
    else if (name === 'event') event.event = value;
    else if (name === 'retry') event.retry = Number(value);
  }
  event.data = data.join('\n');
  return fields > 0 ? event : undefined;
}

/** Headers of an MCP POST in the session-based era (and of its GET stream, with `accept` narrowed). */
export function legacyHeaders(sessionId?: string | null): Record<string, string> {
  return {
    'content-type': 'application/json',
    accept: ACCEPT_BOTH,
    'mcp-protocol-version': LEGACY,
    ...(sessionId && { 'mcp-session-id': sessionId }),
  };
}

/** An initialize request (session-based era unless told otherwise), declaring `capabilities`. */
export const initializeRequest = (
  protocolVersion = LEGACY,
  id: string | number = 1,
  capabilities: Record<string, unknown> = {},
) => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities, clientInfo: { name: 'raw', version: '1' } },
});

/** POSTs one JSON-RPC message in the session-based era, into `sessionId` when there is one. */
export function legacyPost(
  url: URL | string,
  sessionId: string | null | undefined,
  message: object,
): Promise<Response> {
  return fetch(url, { method: 'POST', headers: legacyHeaders(sessionId), body: JSON.stringify(message) });
}

/** What a raw 2026-07-28 request may change of its envelope and its `fetch`. */
export interface ModernRequestOptions {
  /** The client capabilities the envelope declares; default: form elicitation. */
  capabilities?: Record<string, unknown>;
  /** More `_meta` entries (a `progressToken`, …). */
  meta?: Record<string, unknown>;
  signal?: AbortSignal;
}

/**
 * A 2026-07-28 request as a `Request`: the envelope in `_meta` and the headers that mirror it (`mcp-method`,
 * `mcp-name` from the params' name or uri).
 */
export function modernRequest(
  url: URL | string,
  id: number,
  method: string,
  params: Record<string, unknown>,
  options: ModernRequestOptions = {},
): Request {
  const name = (params.name ?? params.uri) as string | undefined;
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientCapabilities': options.capabilities ?? { elicitation: { form: {} } },
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
    ...options.meta,
  };
  return new Request(url, {
    method: 'POST',
    signal: options.signal,
    headers: {
      'content-type': 'application/json',
      accept: ACCEPT_BOTH,
      'mcp-protocol-version': MODERN,
      'mcp-method': method,
      ...(name !== undefined && { 'mcp-name': name }),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope } }),
  });
}

/** {@link modernRequest}, sent. */
export function modernPost(
  url: URL | string,
  id: number,
  method: string,
  params: Record<string, unknown>,
  options?: ModernRequestOptions,
): Promise<Response> {
  return fetch(modernRequest(url, id, method, params, options));
}

/** The response message to request `id` in a POST's answer, read from its JSON body or its SSE stream. */
export async function responseMessage(response: Response, id: number | string): Promise<Record<string, any>> {
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
    return (await response.json()) as Record<string, any>;
  }
  const sse = new SseReader(response);
  for (;;) {
    const next = await sse.nextMessage();
    if (next === undefined) throw new Error(`the stream ended without the response to ${id}`);
    if (next.message.id === id) return next.message;
  }
}

/**
 * Sends initialize and, when it opened a session, notifications/initialized. Throws on nothing (an
 * outage test looks at the statuses): answers the initialize response (body read), the session id
 * and the status of the notification.
 */
export async function initialize(
  url: URL | string,
): Promise<{ response: Response; sessionId: string | null; initialized?: number }> {
  const response = await legacyPost(url, undefined, initializeRequest());
  const sessionId = response.headers.get('mcp-session-id');
  if (response.status !== 200 || !sessionId) return { response, sessionId };
  await response.json();
  const done = await legacyPost(url, sessionId, { jsonrpc: '2.0', method: 'notifications/initialized' });
  await done.body?.cancel();
  return { response, sessionId, initialized: done.status };
}

/** Starts a session on `url` (initialize, then notifications/initialized); resolves with its id. */
export async function openSession(url: URL | string): Promise<string> {
  const { response, sessionId, initialized } = await initialize(url);
  if (sessionId === null || response.status !== 200) {
    throw new Error(`initialize: ${response.status} ${await response.text()}`);
  }
  if (initialized !== 202) throw new Error(`initialized: ${initialized}`);
  return sessionId;
}

/** Opens (or, with `lastEventId`, resumes) a session's GET stream on `url`. */
export function getStream(url: URL | string, sessionId: string, lastEventId?: string): Promise<Response> {
  return fetch(url, {
    headers: {
      ...legacyHeaders(sessionId),
      accept: 'text/event-stream',
      ...(lastEventId !== undefined && { 'last-event-id': lastEventId }),
    },
  });
}

/** The number in an event id, `<stream>.<seq>` (what orders a session's events). */
export const seqOf = (id: string | undefined): number => Number(String(id).slice(String(id).lastIndexOf('.') + 1));
