// Raw Streamable HTTP for the stream tests, where the exact status of a GET and the events of one
// stream matter (the official client hides both): initialize, GET streams, and an SSE reader.
const VERSION = '2025-11-25';

export interface SseEvent {
  id?: string;
  data: string;
}

/** Reads SSE events from a response body, as they arrive. */
export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';

  constructor(response: Response) {
    if (response.body === null) throw new Error('no body');
    this.reader = response.body.getReader();
  }

  /** The next event, or undefined once the stream ended. */
  async next(): Promise<SseEvent | undefined> {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const event: SseEvent = { data: '' };
        let fields = 0;
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const value = line.slice(colon + 1).replace(/^ /, '');
          if (line.startsWith('id:')) event.id = value;
          else if (line.startsWith('data:')) event.data = value;
          fields++;
        }
        if (fields > 0) return event;
        continue;
      }
      const read = await this.reader.read().catch(() => ({ done: true, value: undefined }));
      if (read.done) return undefined;
      this.buffer += this.decoder.decode(read.value, { stream: true });
    }
  }

  /** The next event carrying a message, parsed; undefined once the stream ended. */
  async nextMessage(): Promise<{ id?: string; message: Record<string, unknown> } | undefined> {
    for (;;) {
      const event = await this.next();
      if (event === undefined) return undefined;
      if (event.data !== '') return { id: event.id, message: JSON.parse(event.data) };
    }
  }

  cancel(): Promise<void> {
    return this.reader.cancel().catch(() => undefined);
  }
}

const headers = (sessionId?: string): Record<string, string> => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': VERSION,
  ...(sessionId !== undefined && { 'mcp-session-id': sessionId }),
});

/** Starts a session on `url` (initialize, then notifications/initialized); resolves with its id. */
export async function openSession(url: URL): Promise<string> {
  const init = await fetch(url, {
    method: 'POST',
    headers: headers(),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: VERSION, capabilities: {}, clientInfo: { name: 'streams-test', version: '1' } },
    }),
  });
  if (init.status !== 200) throw new Error(`initialize: ${init.status} ${await init.text()}`);
  await init.body?.cancel();
  const sessionId = init.headers.get('mcp-session-id') as string;
  const initialized = await fetch(url, {
    method: 'POST',
    headers: headers(sessionId),
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }),
  });
  if (initialized.status !== 202) throw new Error(`initialized: ${initialized.status}`);
  return sessionId;
}

/** Opens (or, with `lastEventId`, resumes) a session's GET stream on `url`. */
export function getStream(url: URL, sessionId: string, lastEventId?: string): Promise<Response> {
  return fetch(url, {
    headers: {
      ...headers(sessionId),
      accept: 'text/event-stream',
      ...(lastEventId !== undefined && { 'last-event-id': lastEventId }),
    },
  });
}

/** The number in an event id (what orders a session's events). */
export const seqOf = (id: string | undefined): number => Number(String(id).slice(String(id).lastIndexOf('.') + 1));
