// The framing half of the stdio transport: bytes in, whole newline-delimited lines out, each at most
// `maxFrameBytes` (line ending excluded). A line that outgrows the limit is skipped to its end and
// reported once, without holding its bytes — only its first and last few (where a JSON-RPC id usually is).
import { isAscii } from 'node:buffer';

const NEWLINE = 0x0a;
// How much of each end of a dropped line is kept.
const EDGE = 160;
const CARRIAGE_RETURN = 0x0d;

/** Where the lines go. */
export interface LineSink {
  /** One line, decoded (UTF-8), without its line ending; empty lines are not delivered. */
  line(text: string): void;
  /** A line longer than the limit was dropped: its first and last bytes (latin1). */
  oversize(dropped: DroppedLine): void;
  /** True once the owner stopped (it may stop mid-chunk): the lines after that are not delivered. */
  stopped(): boolean;
}

/** The ends of a line that was too long. */
export interface DroppedLine {
  head: string;
  tail: string;
}

/** The first bytes of `parts` (latin1). */
function headOf(parts: readonly Buffer[]): string {
  let head = '';
  for (const part of parts) {
    head += part.toString('latin1', 0, Math.min(part.length, EDGE - head.length));
    if (head.length >= EDGE) break;
  }
  return head;
}

/** The last bytes of `parts` (latin1). */
function tailOf(parts: readonly Buffer[]): string {
  let tail = '';
  for (let i = parts.length - 1; i >= 0 && tail.length < EDGE; i--) {
    const part = parts[i] as Buffer;
    tail = part.toString('latin1', Math.max(0, part.length - (EDGE - tail.length))) + tail;
  }
  return tail;
}

/** Splits a byte stream into lines for a {@link LineSink}. */
export class LineReader {
  private parts: Buffer[] = [];
  private partBytes = 0;
  private skipping = false;
  // The ends of the line being skipped.
  private skipped: DroppedLine = { head: '', tail: '' };

  constructor(
    private readonly maxFrameBytes: number,
    private readonly sink: LineSink,
  ) {}

  /** One chunk of the stream. */
  push(chunk: Buffer | string): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    let start = 0;
    while (!this.sink.stopped()) {
      if (this.parts.length === 0 && !this.skipping) {
        // Whole lines of plain ASCII (nearly every frame: JSON escapes what it must) are decoded in one
        // go, not a Buffer and a decode per line. A newline byte is never inside a UTF-8 sequence.
        const last = bytes.lastIndexOf(NEWLINE);
        // A chunk of whole lines (the usual one) is checked as it is, without a view made of it.
        const whole = start === 0 && last === bytes.length - 1;
        if (last >= start && isAscii(whole ? bytes : bytes.subarray(start, last))) {
          this.asciiLines(bytes.toString('latin1', start, last + 1));
          start = last + 1;
          continue;
        }
      }
      const newline = bytes.indexOf(NEWLINE, start);
      if (newline === -1) {
        this.hold(bytes.subarray(start));
        return;
      }
      if (this.skipping) {
        this.skipping = false;
        const tail = tailOf([Buffer.from(this.skipped.tail, 'latin1'), bytes.subarray(start, newline)]);
        this.sink.oversize({ head: this.skipped.head, tail });
      } else if (this.partBytes + newline - start > this.maxFrameBytes + 1) {
        const parts = [...this.parts, bytes.subarray(start, newline)];
        this.drop();
        this.sink.oversize({ head: headOf(parts), tail: tailOf(parts) });
      } else {
        this.bytesLine(this.take(bytes.subarray(start, newline)));
      }
      start = newline + 1;
    }
  }

  /** The stream ended: a last line without its newline is still a whole line. */
  end(): void {
    if (this.skipping) this.sink.oversize(this.skipped);
    else if (this.partBytes > 0) this.bytesLine(this.take(Buffer.alloc(0)));
  }

  /** Forgets a partial line. */
  drop(): void {
    this.parts = [];
    this.partBytes = 0;
  }

  /** Keeps the unfinished tail of a line, or switches to skipping once it outgrows the limit. */
  private hold(rest: Buffer): void {
    if (rest.length === 0) return;
    if (this.skipping) {
      this.skipped.tail = tailOf([Buffer.from(this.skipped.tail, 'latin1'), rest]);
      return;
    }
    // +1 leaves room for the '\r' of a CRLF ending whose '\n' has not arrived yet
    if (this.partBytes + rest.length > this.maxFrameBytes + 1) {
      const parts = [...this.parts, rest];
      this.skipped = { head: headOf(parts), tail: tailOf(parts) };
      this.drop();
      this.skipping = true;
      return;
    }
    this.parts.push(rest);
    this.partBytes += rest.length;
  }

  private take(last: Buffer): Buffer {
    const line = this.parts.length === 0 ? last : Buffer.concat([...this.parts, last]);
    this.drop();
    return line;
  }

  /** Each line of `text`, ASCII ending in a newline (one character per byte: sizes are bytes). */
  private asciiLines(text: string): void {
    let from = 0;
    while (from < text.length && !this.sink.stopped()) {
      const newline = text.indexOf('\n', from);
      const end = newline > from && text.charCodeAt(newline - 1) === CARRIAGE_RETURN ? newline - 1 : newline;
      if (end - from > this.maxFrameBytes) {
        this.sink.oversize({ head: text.slice(from, from + EDGE), tail: text.slice(Math.max(from, end - EDGE), end) });
      } else if (end > from) this.sink.line(text.slice(from, end));
      from = newline + 1;
    }
  }

  private bytesLine(line: Buffer): void {
    const end = line.length > 0 && line[line.length - 1] === CARRIAGE_RETURN ? line.length - 1 : line.length;
    if (end === 0) return;
    if (end > this.maxFrameBytes) {
      this.sink.oversize({ head: headOf([line.subarray(0, end)]), tail: tailOf([line.subarray(0, end)]) });
      return;
    }
    // decoding whole lines only: a multi-byte character split across chunks is whole again here
    this.sink.line(line.toString('utf8', 0, end));
  }
}
