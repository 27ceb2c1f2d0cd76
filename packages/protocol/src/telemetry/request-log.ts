// One log line per request: readable under `decorum dev`, one JSON object per line in production
// (or any structured logger, pino included, through a sink). Written to the console's error stream,
// so stdio's stdout carries nothing but protocol frames.
import type { Instrumentation } from '../engine/instrumentation.js';
import type { JsonObject } from '../engine/types.js';
import { ErrorCode, McpError } from '../jsonrpc/errors.js';

/** What is logged of one request. */
export interface RequestRecord {
  method: string;
  /** The tool or prompt name, or the resource URI. */
  name?: string;
  requestId: string | number;
  sessionId?: string;
  protocolVersion: string;
  durationMs: number;
  /** `tool_error`: the tool answered with `isError: true`; `error`: a JSON-RPC error went back. */
  outcome: 'ok' | 'tool_error' | 'error';
  /** The JSON-RPC error code, for `error`. */
  errorCode?: number;
  /** The error's own message (never sent to the client unless `exposeErrors`). */
  error?: string;
  /** Set when tracing is on too: to find the request's trace from its log line. */
  traceId?: string;
  spanId?: string;
}

/** A structured logger that takes a message and an object (an adapter over pino is three lines: see docs/observability.md). */
export interface RequestLogSink {
  info(message: string, record: RequestRecord): void;
}

/** Options of {@link requestLog}. */
export interface RequestLogOptions {
  /** `pretty` (default): one readable line; `json`: one JSON object per line. Ignored when `sink` is set. */
  format?: 'pretty' | 'json';
  /** Where records go instead of the console's error stream. */
  sink?: RequestLogSink;
  /** Methods not logged. Default: `ping`. */
  skip?: readonly string[];
  /** @internal the active trace ids, when tracing is on. */
  traceIds?: () => { traceId: string; spanId: string } | undefined;
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

function nameOf(params: JsonObject): string | undefined {
  return str(params.name) ?? str(params.uri) ?? str((params.ref as JsonObject | undefined)?.name);
}

// C0 and C1 controls and DEL: a name or message carrying them could forge log lines or drive a terminal.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** Text from a request as it may appear in a log line: control characters as `\uXXXX`. */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `tools/call weather_current  3.2 ms  ok` (what the client sent is escaped: one request, one line) */
export function formatRequestLine(record: RequestRecord): string {
  const method = escapeControls(record.method);
  const what = record.name === undefined ? method : `${method} ${escapeControls(record.name)}`;
  const ms = record.durationMs < 10 ? record.durationMs.toFixed(1) : Math.round(record.durationMs).toString();
  const outcome =
    record.outcome === 'error'
      ? `error ${record.errorCode}${record.error === undefined ? '' : `: ${escapeControls(record.error)}`}`
      : record.outcome;
  return `[mcp] ${what}  ${ms} ms  ${outcome}`;
}

function consoleSink(format: 'pretty' | 'json'): RequestLogSink {
  return {
    info(message, record) {
      console.error(
        format === 'pretty'
          ? formatRequestLine(record)
          : JSON.stringify({ level: 'info', time: new Date().toISOString(), msg: message, ...record }),
      );
    },
  };
}

/**
 * An {@link Instrumentation} that logs every request once it is answered.
 * @example
 * new ProtocolServer({ serverInfo, instrumentation: requestLog({ format: 'json' }) });
 */
export function requestLog(options: RequestLogOptions = {}): Instrumentation {
  const sink = options.sink ?? consoleSink(options.format ?? 'pretty');
  const skip = new Set(options.skip ?? ['ping']);
  return {
    async request(facts, serve) {
      const { request } = facts;
      if (skip.has(request.method)) return serve();
      const start = performance.now();
      const record: RequestRecord = {
        method: request.method,
        requestId: request.id,
        protocolVersion: facts.protocolVersion,
        durationMs: 0,
        outcome: 'ok',
      };
      const name = nameOf(request.params ?? {});
      if (name !== undefined) record.name = name;
      if (facts.sessionId !== undefined) record.sessionId = facts.sessionId;
      const ids = options.traceIds?.();
      if (ids !== undefined) Object.assign(record, ids);
      try {
        const result = await serve();
        if ((result as { isError?: unknown } | undefined)?.isError === true) record.outcome = 'tool_error';
        return result;
      } catch (error) {
        record.outcome = 'error';
        record.errorCode = error instanceof McpError ? error.code : ErrorCode.InternalError;
        if (error instanceof Error) record.error = error.message;
        throw error;
      } finally {
        record.durationMs = Math.round((performance.now() - start) * 1000) / 1000;
        try {
          sink.info('mcp request', record);
        } catch {
          // A failing logger must not fail the request it logs.
        }
      }
    },
  };
}

/**
 * A sink over a logger that takes `(object, message)`, as pino does: each request becomes one of its
 * structured lines (with its level, time and bindings).
 * @example
 * import pino from 'pino';
 * requestLog({ sink: objectLoggerSink(pino({}, pino.destination(2))) }); // fd 2: stderr
 */
export function objectLoggerSink(logger: { info(object: object, message: string): void }): RequestLogSink {
  return { info: (message, record) => logger.info(record, message) };
}
