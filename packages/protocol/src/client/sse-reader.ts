import { DEFAULT_MAX_ANSWER_BYTES } from './bounded-fetch.js';
import { AnswerTooLargeError } from './upstream-error.js';

/** One event of a text/event-stream body. */
export interface ReadSseEvent {
  id?: string;
  event?: string;
  data: string;
  retry?: number;
}

/** Work a {@link readSse} did, for callers (and tests) that check it stays linear in the input. */
export interface SseReadStats {
  /** Characters the reader examined or copied, over all chunks. */
  work: number;
}

/** Options of {@link readSse}. */
export interface ReadSseOptions {
  /** Largest event (its data) and largest line, in characters. Default 4 MiB. */
  maxEventBytes?: number;
  /** Counts the reader's work. */
  stats?: SseReadStats;
}

const LF = 10;
const CR = 13;

/**
 * Reads a text/event-stream body event by event (the WHATWG format: LF, CR or CRLF line ends, multi-line data,
 * comments skipped). Yields until the body ends; an aborted fetch rejects the iteration. Each character is looked
 * at a bounded number of times (a chunk is scanned once; a line split over chunks is joined once), and an event or
 * a line over `maxEventBytes` throws {@link AnswerTooLargeError} and cancels the body instead of growing.
 */
export async function* readSse(
  body: ReadableStream<Uint8Array>,
  options: ReadSseOptions = {},
): AsyncGenerator<ReadSseEvent> {
  const max = options.maxEventBytes ?? DEFAULT_MAX_ANSWER_BYTES;
  const stats = options.stats ?? { work: 0 };
  const reader = body.getReader();
  const decoder = new TextDecoder();
  // The current line as pieces (a line may span chunks): joined once, when its end arrives.
  let pieces: string[] = [];
  let lineSize = 0;
  // A CR ended the last chunk: an LF opening the next one belongs to it.
  let afterCr = false;
  let data: string[] = [];
  let eventSize = 0;
  let event: ReadSseEvent = { data: '' };
  let fields = 0;
  let finished = false;
  try {
    for (;;) {
      const { value, done } = await reader.read();
      const text = done ? decoder.decode() : decoder.decode(value, { stream: true });
      stats.work += text.length;
      let start = afterCr && text.charCodeAt(0) === LF ? 1 : 0;
      if (text.length > 0) afterCr = false;
      let lf = text.indexOf('\n', start);
      let cr = text.indexOf('\r', start);
      for (;;) {
        if (lf !== -1 && lf < start) lf = text.indexOf('\n', start);
        if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
        const end = lf === -1 ? cr : cr === -1 ? lf : Math.min(lf, cr);
        if (end === -1) break;
        let line = text.slice(start, end);
        if (pieces.length > 0) {
          pieces.push(line);
          line = pieces.join('');
          stats.work += line.length;
          pieces = [];
          lineSize = 0;
        }
        if (line.length > max) throw new AnswerTooLargeError('an SSE line', max);
        if (text.charCodeAt(end) === CR) {
          if (end + 1 === text.length) afterCr = true;
          start = text.charCodeAt(end + 1) === LF ? end + 2 : end + 1;
        } else start = end + 1;
        if (line === '') {
          if (fields > 0) {
            event.data = data.join('\n');
            stats.work += event.data.length;
            yield event;
          }
          event = { data: '' };
          data = [];
          eventSize = 0;
          fields = 0;
          continue;
        }
        if (line.charCodeAt(0) === 58 /* : */) continue;
        const colon = line.indexOf(':');
        const name = colon === -1 ? line : line.slice(0, colon);
        let field = colon === -1 ? '' : line.slice(colon + 1);
        if (field.charCodeAt(0) === 32 /* space */) field = field.slice(1);
        fields++;
        if (name === 'data') {
          eventSize += field.length + 1;
          if (eventSize > max) throw new AnswerTooLargeError('an SSE event', max);
          data.push(field);
        } else if (name === 'id') event.id = field;
        else if (name === 'event') event.event = field;
        else if (name === 'retry' && /^\d+$/.test(field)) event.retry = Number(field);
      }
      if (start < text.length) {
        lineSize += text.length - start;
        if (lineSize > max || eventSize + lineSize > max) throw new AnswerTooLargeError('an SSE event', max);
        pieces.push(start === 0 ? text : text.slice(start));
      }
      if (done) {
        finished = true;
        return;
      }
    }
  } finally {
    // Stopped early (too large, or the consumer broke off): cancelling closes the connection instead of leaving
    // the rest of the body to arrive into nothing.
    if (finished) reader.releaseLock();
    else await reader.cancel().catch(() => undefined);
  }
}
