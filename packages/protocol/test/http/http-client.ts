// Helpers for raw Streamable HTTP tests: build MCP POST/GET/DELETE requests for a handler, and
// read SSE bodies event by event (waiting on the stream itself, never on a timer).
export const MCP_URL = 'http://127.0.0.1/mcp';
export const ACCEPT_BOTH = 'application/json, text/event-stream';

export interface SseEventRead {
  id?: string;
  event?: string;
  data: string;
  retry?: number;
}

export function post(body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(MCP_URL, {
    method: 'POST',
    headers: { accept: ACCEPT_BOTH, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export const initializeBody = (protocolVersion = '2025-11-25', id: string | number = 'init') => ({
  jsonrpc: '2.0',
  id,
  method: 'initialize',
  params: { protocolVersion, capabilities: { sampling: {}, roots: {} }, clientInfo: { name: 'raw', version: '1' } },
});

/** Reads SSE events from a response body, one at a time. */
export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private buffer = '';

  constructor(response: Response) {
    if (!response.body) throw new Error('response has no body');
    this.reader = response.body.getReader();
  }

  /** The next event, or undefined when the stream ended. Comment lines are skipped. */
  async next(): Promise<SseEventRead | undefined> {
    for (;;) {
      const end = this.buffer.indexOf('\n\n');
      if (end !== -1) {
        const block = this.buffer.slice(0, end);
        this.buffer = this.buffer.slice(end + 2);
        const event: SseEventRead = { data: '' };
        let fields = 0;
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          const name = line.slice(0, colon);
          const value = line.slice(colon + 1).replace(/^ /, '');
          fields++;
          if (name === 'data') event.data = value;
          else if (name === 'id') event.id = value;
          else if (name === 'event') event.event = value;
          else if (name === 'retry') event.retry = Number(value);
        }
        if (fields > 0) return event;
        continue;
      }
      const { done, value } = await this.reader.read();
      if (done) return undefined;
      this.buffer += this.decoder.decode(value, { stream: true });
    }
  }

  /** Every remaining event until the stream ends. */
  async rest(): Promise<SseEventRead[]> {
    const events: SseEventRead[] = [];
    for (let e = await this.next(); e !== undefined; e = await this.next()) events.push(e);
    return events;
  }

  cancel(): Promise<void> {
    return this.reader.cancel();
  }
}
