import { type ChildProcess, spawn } from 'node:child_process';
import { ErrorCode } from '../jsonrpc/errors.js';
import type { JsonRpcMessage } from '../jsonrpc/types.js';
import { DEFAULT_MAX_FRAME_BYTES, StdioTransport } from '../transports/stdio.js';
import type { FrameError, MessageInfo, Transport } from '../transports/transport.js';
import { childEnvironment, type INHERITED_ENV } from './child-env.js';
import type { ClientClosed, CloseInfoSource } from './client-types.js';

/** The command a {@link StdioClientTransport} runs, and how. */
export interface StdioServerParameters {
  command: string;
  args?: string[];
  /**
   * The server's environment, over the few variables it inherits from ours ({@link INHERITED_ENV}: PATH, HOME,
   * locale, temporary directory…). Nothing else of ours reaches it: pass what it needs here.
   */
  env?: Record<string, string>;
  cwd?: string;
  /** `inherit` (default) passes the server's stderr through; `pipe` captures its tail (`stderrText`); `ignore`. */
  stderr?: 'inherit' | 'pipe' | 'ignore';
  /** The largest frame read from the server, in bytes; a larger answer fails its request. Default 4 MiB. */
  maxFrameBytes?: number;
  /** After stdin is closed, how long the process may take to exit before SIGTERM (then SIGKILL as long again). Default 2 000. */
  killAfterMs?: number;
}

const STDERR_TAIL = 16 * 1024;

/**
 * Spawns an MCP server and speaks newline-delimited JSON over its stdin/stdout (the engine's {@link StdioTransport}
 * on the child's pipes). Closing ends stdin, then SIGTERM, then SIGKILL; the process's exit closes the transport,
 * and {@link closeInfo} says how it exited.
 * @example
 * const client = await connectClient(new StdioClientTransport({ command: 'node', args: ['server.js'] }));
 */
export class StdioClientTransport implements Transport, CloseInfoSource {
  readonly networkTransport = 'pipe' as const;
  onmessage?: (value: unknown, info?: MessageInfo) => void;
  onframeerror?: (error: FrameError) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private child?: ChildProcess;
  private frames?: StdioTransport;
  private stderrTail = '';
  private exit?: { code: number | null; signal: string | null };
  private spawnError?: Error;
  private exited?: Promise<void>;
  private closed = false;

  constructor(private readonly server: StdioServerParameters) {}

  /** The child's process id, once started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** With `stderr: 'pipe'`: the last 16 KiB the server wrote to stderr. */
  get stderrText(): string {
    return this.stderrTail;
  }

  async start(): Promise<void> {
    const { command, args = [], env, cwd, stderr = 'inherit' } = this.server;
    const child = spawn(command, args, {
      cwd,
      env: childEnvironment(env),
      stdio: ['pipe', 'pipe', stderr],
      windowsHide: true,
    });
    this.child = child;
    child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        this.exit = { code, signal };
        resolve();
      });
      child.once('error', () => resolve());
    });
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', () => resolve());
      child.once('error', (error) => {
        this.spawnError = error;
        reject(new Error(`Cannot start ${command}: ${error.message}`, { cause: error }));
      });
    });
    // Writing to a server that died raises EPIPE on stdin: the exit says what happened.
    child.stdin?.on('error', () => undefined);
    const frames = new StdioTransport({
      input: child.stdout ?? undefined,
      output: child.stdin ?? undefined,
      captureStdout: false,
      ...(this.server.maxFrameBytes !== undefined && { maxFrameBytes: this.server.maxFrameBytes }),
    });
    this.frames = frames;
    frames.onmessage = (value) => this.onmessage?.(value);
    frames.onframeerror = (error) => this.frameError(error);
    frames.onerror = (error) => this.onerror?.(error);
    // stdout ends when the process exits: wait for the exit status before telling the peer.
    frames.onclose = () => void this.exited?.then(() => this.finish());
    await frames.start();
  }

  send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    if (this.frames === undefined || this.closed) return Promise.reject(new Error('The stdio transport is closed'));
    return this.frames.send(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const child = this.child;
    // Frames sent in this tick (a last notifications/cancelled, say) are written before stdin ends.
    await this.frames?.close();
    if (child !== undefined && this.exit === undefined && this.spawnError === undefined) {
      child.stdin?.end();
      const wait = this.server.killAfterMs ?? 2_000;
      if (!(await exitsWithin(this.exited, wait))) {
        child.kill('SIGTERM');
        if (!(await exitsWithin(this.exited, wait))) {
          child.kill('SIGKILL');
          await this.exited;
        }
      }
    }
    this.finish();
  }

  closeInfo(): ClientClosed | undefined {
    const stderr = this.server.stderr === 'pipe' ? this.stderrTail : undefined;
    if (this.spawnError !== undefined) {
      const message = `Cannot start ${this.server.command}: ${this.spawnError.message}`;
      return { reason: 'error', message, error: this.spawnError, stderr };
    }
    if (this.exit === undefined) return undefined;
    const { code, signal } = this.exit;
    const how = signal !== null ? `was killed by ${signal}` : `exited with code ${code}`;
    const info: ClientClosed = { reason: 'server', message: `The server process ${how}`, exitCode: code, signal };
    if (stderr !== undefined) info.stderr = stderr;
    return info;
  }

  private finished = false;

  /**
   * A frame the transport could not take. One over the size limit that answered a request of ours fails that request
   * at once — as a locally made error response (the server never sent it) — instead of leaving it to time out.
   */
  private frameError(error: FrameError): void {
    if (error.responseTo === undefined) {
      this.onframeerror?.(error);
      return;
    }
    const limit = this.server.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
    this.onmessage?.({
      jsonrpc: '2.0',
      id: error.responseTo,
      error: {
        code: ErrorCode.InternalError,
        message: `The server's answer is too large: a stdio frame over the limit of ${limit} bytes (it was dropped)`,
        data: { reason: 'answer-too-large', limitBytes: limit },
      },
    });
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.onclose?.();
  }
}

async function exitsWithin(exited: Promise<void> | undefined, ms: number): Promise<boolean> {
  if (exited === undefined) return true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const result = await Promise.race([exited.then(() => true), timeout]);
  clearTimeout(timer);
  return result;
}
