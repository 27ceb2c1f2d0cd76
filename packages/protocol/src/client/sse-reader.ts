/** One event of a text/event-stream body. */
export interface ReadSseEvent {
  id?: string;
  event?: string;
  data: string;
  retry?: number;
}

/**
 * Reads a text/event-stream body event by event (the WHATWG format: LF, CR or CRLF line ends, multi-line data,
 * comments skipped). Yields until the body ends; an aborted fetch rejects the iteration.
 */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<ReadSseEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let event: ReadSseEvent = { data: '' };
  let hasData = false;
  let fields = 0;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        // A lone CR at the end may be the first half of a CRLF: wait for the next chunk.
        if (match === null || (match[0] === '\r' && match.index === buffer.length - 1 && !done)) break;
        const line = buffer.slice(0, match.index);
        buffer = buffer.slice(match.index + match[0].length);
        if (line === '') {
          if (fields > 0) yield event;
          event = { data: '' };
          hasData = false;
          fields = 0;
          continue;
        }
        if (line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const name = colon === -1 ? line : line.slice(0, colon);
        const field = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        fields++;
        if (name === 'data') {
          event.data = hasData ? `${event.data}\n${field}` : field;
          hasData = true;
        } else if (name === 'id') event.id = field;
        else if (name === 'event') event.event = field;
        else if (name === 'retry' && /^\d+$/.test(field)) event.retry = Number(field);
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}
