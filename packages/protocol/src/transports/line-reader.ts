// The framing half of the stdio transport: bytes in, whole newline-delimited lines out, each at most
// `maxFrameBytes` (line ending excluded). A line that outgrows the limit is skipped to its end and
// reported once, without holding its bytes.
import { isAscii } from 'node:buffer';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Where the lines go. */
export interface LineSink {
  /** One line, decoded (UTF-8), without its line ending; empty lines are not delivered. */
  line(text: string): void;
  /** A line longer than the limit was dropped. */
  oversize(): void;
  /** True once the owner stopped (it may stop mid-chunk): the lines after that are not delivered. */
  stopped(): boolean;
}

/** Splits a byte stream into lines for a {@link LineSink}. */
export class LineReader {
  private parts: Buffer[] = [];
  private partBytes = 0;
  private skipping = false;

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
        if (last >= start && isAscii(bytes.subarray(start, last))) {
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
        this.sink.oversize();
      } else if (this.partBytes + newline - start > this.maxFrameBytes + 1) {
        this.drop();
        this.sink.oversize();
      } else {
        this.bytesLine(this.take(bytes.subarray(start, newline)));
      }
      start = newline + 1;
    }
  }

  /** The stream ended: a last line without its newline is still a whole line. */
  end(): void {
    if (this.skipping) this.sink.oversize();
    else if (this.partBytes > 0) this.bytesLine(this.take(Buffer.alloc(0)));
  }

  /** Forgets a partial line. */
  drop(): void {
    this.parts = [];
    this.partBytes = 0;
  }

  /** Keeps the unfinished tail of a line, or switches to skipping once it outgrows the limit. */
  private hold(rest: Buffer): void {
    if (this.skipping || rest.length === 0) return;
    // +1 leaves room for the '\r' of a CRLF ending whose '\n' has not arrived yet
    if (this.partBytes + rest.length > this.maxFrameBytes + 1) {
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
      if (end - from > this.maxFrameBytes) this.sink.oversize();
      else if (end > from) this.sink.line(text.slice(from, end));
      from = newline + 1;
    }
  }

  private bytesLine(line: Buffer): void {
    const end = line.length > 0 && line[line.length - 1] === CARRIAGE_RETURN ? line.length - 1 : line.length;
    if (end === 0) return;
    if (end > this.maxFrameBytes) {
      this.sink.oversize();
      return;
    }
    // decoding whole lines only: a multi-byte character split across chunks is whole again here
    this.sink.line(line.toString('utf8', 0, end));
  }
}
