import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import type { JsonRpcMessage } from '../jsonrpc/types.js';
import { droppedResponseId } from './dropped-frame.js';
import { type DroppedLine, LineReader } from './line-reader.js';
import type { FrameError, Transport } from './transport.js';

/**
 * The default cap on one incoming frame: 4 MiB.
 * @example new StdioTransport({ maxFrameBytes: 2 * DEFAULT_MAX_FRAME_BYTES })
 */
export const DEFAULT_MAX_FRAME_BYTES = 4 * 1024 * 1024;

const STDOUT_WARNING =
  '[decorum] stdout is reserved for MCP protocol frames in stdio mode; redirected output to stderr\n';

type WriteFunction = (...args: unknown[]) => boolean;

/** Frames waiting for the end of the tick, and the promise their senders wait on. */
class Batch {
  frames = '';
  written = false;
  resolve!: () => void;
  reject!: (error: Error) => void;
  readonly done = new Promise<void>((resolve, reject) => {
    this.resolve = resolve;
    this.reject = reject;
  });
}

/**
 * Options for {@link StdioTransport}.
 * @example new StdioTransport({ input: child.stdout, output: child.stdin })
 */
export interface StdioTransportOptions {
  /** Where frames are read from. Default `process.stdin`. */
  input?: Readable;
  /** Where frames are written. Default `process.stdout`. */
  output?: Writable;
  /** The largest incoming frame accepted, in bytes, line ending excluded. Default 4 MiB. */
  maxFrameBytes?: number;
  /**
   * While the transport runs, send every other write to `process.stdout` (console.log included) to
   * stderr instead, so stray output cannot corrupt the frame stream. Default: on when `output` is
   * `process.stdout`.
   */
  captureStdout?: boolean;
  /**
   * Called instead of closing when the input ends (EOF): reading stops, but answers and pending
   * writes still go out until the owner calls `close()`. Without it, EOF closes the transport.
   */
  onInputEnd?: () => void;
}

/**
 * Newline-delimited JSON over a pair of byte streams, by default the process's stdin and stdout:
 * the transport of an MCP server a client spawns as a subprocess.
 * @example
 * const transport = new StdioTransport();
 * await server.connect(transport);
 */
export class StdioTransport implements Transport {
  readonly networkTransport = 'pipe' as const;
  onmessage?: (value: unknown) => void;
  onframeerror?: (error: FrameError) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;

  private readonly input: Readable;
  private readonly output: Writable;
  private readonly maxFrameBytes: number;
  private readonly captureStdout: boolean;
  private readonly inputEndHandler?: () => void;
  private readonly aborter = new AbortController();
  private readonly lines: LineReader;
  private started = false;
  private watchingOutput = false;
  private closed = false;
  private drain?: Promise<void>;
  private batch?: Batch;
  private originalStdoutWrite?: WriteFunction;
  private releaseStdout?: () => void;

  constructor(options: StdioTransportOptions = {}) {
    this.input = options.input ?? process.stdin;
    this.output = options.output ?? process.stdout;
    this.maxFrameBytes = options.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
    this.captureStdout = options.captureStdout ?? this.output === process.stdout;
    this.inputEndHandler = options.onInputEnd;
    if (!Number.isSafeInteger(this.maxFrameBytes) || this.maxFrameBytes < 1) {
      throw new RangeError(`maxFrameBytes must be a positive integer, got ${options.maxFrameBytes}`);
    }
    this.lines = new LineReader(this.maxFrameBytes, {
      line: (text) => this.deliverText(text),
      oversize: (dropped) => this.reportOversize(dropped),
      stopped: () => this.closed,
    });
  }

  async start(): Promise<void> {
    if (this.started || this.closed) return;
    this.started = true;
    if (this.captureStdout) this.redirectStdout();
    this.watchOutput();
    this.input.on('data', this.onData);
    this.input.on('end', this.onInputEnd);
    this.input.on('close', this.onStreamClose);
    this.input.on('error', this.onInputError);
    // a 'data' listener does not restart a stream someone paused explicitly
    this.input.resume();
  }

  send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    let frame: string;
    try {
      frame = `${JSON.stringify(message)}\n`;
    } catch (error) {
      return Promise.reject(error);
    }
    // Not async: with no drain to wait out (the usual case), the frame joins this tick's batch at once.
    if (this.drain === undefined && !this.closed) return this.enqueue(frame);
    return this.sendAfterDrain(frame);
  }

  private async sendAfterDrain(frame: string): Promise<void> {
    // Waiting out the previous frame's drain keeps concurrent senders from piling up in the buffer.
    while (this.drain) await this.drain.catch(() => {});
    if (this.closed) throw new Error('stdio transport is closed');
    return this.enqueue(frame);
  }

  private enqueue(frame: string): Promise<void> {
    this.watchOutput();
    // Frames sent in the same tick leave in one write: with many requests in flight, one write per
    // response (a syscall each on a pipe) was the largest cost of a call. Each sender still waits
    // until its frame has been handed to the stream.
    let batch = this.batch;
    if (batch === undefined) {
      this.batch = batch = new Batch();
      process.nextTick(this.flushBatch);
    }
    batch.frames += frame;
    return batch.done;
  }

  // One handler per transport, not a closure per batch: at one request in flight, every answer is a batch.
  private readonly flushBatch = (): void => {
    const batch = this.batch;
    if (batch === undefined) return;
    this.batch = undefined;
    if (batch.written) return; // close() wrote it already (and settled it)
    batch.written = true;
    if (this.closed) {
      batch.reject(new Error('stdio transport is closed'));
      return;
    }
    let flushed: boolean;
    try {
      flushed = this.writeFrame(batch.frames) || this.closed;
    } catch (error) {
      this.writeFailed(batch, error);
      return;
    }
    if (flushed) {
      batch.resolve();
      return;
    }
    // The stream's buffer is full: senders wait for it to drain, and so do the sends after them.
    this.drain = once(this.output, 'drain', { signal: this.aborter.signal }).then(
      () => {
        this.drain = undefined;
        batch.resolve();
      },
      (error: unknown) => {
        this.drain = undefined;
        this.writeFailed(batch, error);
      },
    );
  };

  private writeFailed(batch: Batch, error: unknown): void {
    // an output error or close() already closed us; a write that threw did not
    if (!this.closed) this.onOutputError(error as Error);
    batch.reject(new Error('stdio transport is closed', { cause: error }));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    // Frames already sent in this tick still go out, as they did when each was written at once.
    const batch = this.batch;
    if (batch !== undefined && !batch.written) {
      batch.written = true;
      try {
        this.writeFrame(batch.frames);
      } catch {
        // the stream is failing anyway; closing is what matters now
      }
      batch.resolve();
    }
    this.closed = true;
    this.aborter.abort();
    this.input.off('data', this.onData);
    this.input.off('end', this.onInputEnd);
    this.input.off('close', this.onStreamClose);
    this.input.off('error', this.onInputError);
    // Paused, process.stdin no longer holds the event loop open; it is not ours to destroy.
    if (this.started) this.input.pause();
    this.output.off('error', this.onOutputError);
    this.output.off('close', this.onStreamClose);
    // Frames still queued may fail after we stop listening; an unheard 'error' would crash the process.
    if (this.output.writableLength > 0) this.output.once('error', () => {});
    this.releaseStdout?.();
    this.lines.drop();
    this.onclose?.();
  }

  // A handler may close the transport mid-chunk; the lines after that are not delivered.
  private readonly onData = (chunk: Buffer | string): void => this.lines.push(chunk);

  private readonly onInputEnd = (): void => {
    // A last frame without its newline is still a whole frame: the peer has nothing more to add.
    this.lines.end();
    if (this.inputEndHandler === undefined || this.closed) {
      void this.close();
      return;
    }
    // `printf … | server`: EOF comes right after the last request, whose answer must still leave.
    this.input.off('data', this.onData);
    this.input.off('end', this.onInputEnd);
    this.input.off('close', this.onStreamClose);
    this.inputEndHandler();
  };

  private readonly onStreamClose = (): void => {
    void this.close();
  };

  private readonly onInputError = (error: Error): void => {
    this.onerror?.(error);
    void this.close();
  };

  private readonly onOutputError = (error: Error & { code?: string }): void => {
    // EPIPE is how a peer that went away looks from here: the normal end, not a failure to report.
    if (error.code !== 'EPIPE') this.onerror?.(error);
    void this.close();
  };

  private deliverText(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      this.onframeerror?.({ code: -32700, message: `Parse error: ${(error as Error).message}` });
      return;
    }
    try {
      this.onmessage?.(value);
    } catch (error) {
      // a throwing handler must not take the frames behind it in the same chunk down with it
      this.onerror?.(error instanceof Error ? error : new Error(String(error)));
    }
  }

  private reportOversize(dropped: DroppedLine): void {
    const message = `Frame exceeds the ${this.maxFrameBytes}-byte limit`;
    const responseTo = droppedResponseId(dropped);
    this.onframeerror?.(responseTo === undefined ? { code: -32600, message } : { code: -32600, message, responseTo });
  }

  private watchOutput(): void {
    if (this.watchingOutput) return;
    this.watchingOutput = true;
    this.output.on('error', this.onOutputError);
    this.output.on('close', this.onStreamClose);
  }

  private writeFrame(frame: string): boolean {
    const write =
      this.output === process.stdout && this.originalStdoutWrite
        ? this.originalStdoutWrite
        : (this.output.write as WriteFunction);
    return write.call(this.output, frame);
  }

  private redirectStdout(): void {
    const stdout = process.stdout;
    const original = stdout.write as WriteFunction;
    const ownProperty = Object.hasOwn(stdout, 'write');
    let active = true;
    let warned = false;
    const redirected = (...args: unknown[]): boolean => {
      // Someone may have wrapped our redirect after us; once closed, it passes writes through again.
      if (!active) return original.apply(stdout, args);
      if (!warned) {
        warned = true;
        process.stderr.write(STDOUT_WARNING);
      }
      return (process.stderr.write as WriteFunction).apply(process.stderr, args);
    };
    stdout.write = redirected as typeof stdout.write;
    this.originalStdoutWrite = original;
    this.releaseStdout = () => {
      active = false;
      if (stdout.write !== (redirected as typeof stdout.write)) return;
      if (ownProperty) stdout.write = original as typeof stdout.write;
      else delete (stdout as { write?: unknown }).write;
    };
  }
}
