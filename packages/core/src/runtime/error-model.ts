// The error model of every primitive, in one table (docs/errors.md prints it). A failure has a cause;
// the cause decides the message, which is the same for every kind, and the JSON-RPC code, used by the
// kinds that answer failures as errors (resources, templates, prompts). Tools answer the same message
// as an `isError` result the model can act on (the spec's "tool execution error").
import {
  CapabilityNotSupportedError,
  type EngineLogger,
  ErrorCode,
  InputRequiredSignal,
  type JsonObject,
  McpError,
  RequestTimeoutError,
} from '@decorum/protocol';
import { formatIssues } from '../schema/issues.js';
import { GuardRejectedError, InputError, OutputMismatchError } from './failures.js';
import { UserError } from './user-error.js';

/** Why a call failed, as far as the client is concerned. */
export type FailureCause = 'input' | 'guard' | 'user' | 'client-cannot' | 'client-timeout' | 'output' | 'internal';

interface CauseRow {
  /** The JSON-RPC code for kinds that answer with errors. */
  code: number;
  /** What the client reads; `subject` is `tool "name"`, `prompt "name"` or `resource "uri"`. */
  message(subject: string, error: Error, expose: boolean): string;
  data?(error: Error): JsonObject;
  /** Logged on the server: the client is not told the details. */
  logged?: boolean;
}

/** The table: one row per cause, shared by every primitive kind. */
export const ERROR_MODEL: Readonly<Record<FailureCause, CauseRow>> = {
  input: {
    code: ErrorCode.InvalidParams,
    message: (subject, error) => `Invalid arguments for ${subject}:\n${formatIssues((error as InputError).issues)}`,
    data: (error) => ({ issues: (error as InputError).issues.map((i) => ({ ...i })) }),
  },
  guard: { code: ErrorCode.InvalidRequest, message: (subject) => `Not allowed: a guard refused ${subject}` },
  user: { code: ErrorCode.InternalError, message: (_subject, error) => error.message },
  'client-cannot': {
    code: ErrorCode.InternalError,
    message: (_subject, error) => `The client cannot do this: ${error.message}`,
  },
  'client-timeout': {
    code: ErrorCode.InternalError,
    message: (_subject, error) => `The client did not answer in time: ${error.message}`,
  },
  output: {
    code: ErrorCode.InternalError,
    message: (subject) => `Internal error: the output of ${subject} does not match its schema`,
    logged: true,
  },
  internal: {
    code: ErrorCode.InternalError,
    message: (_subject, error, expose) => (expose ? error.message : 'Internal error'),
    logged: true,
  },
};

/**
 * The cause of a thrown value, or undefined for what the engine answers itself: protocol errors
 * (`McpError`, including the step-up `InsufficientScopeError`) and the modern era's "input required".
 */
export function causeOf(error: unknown): FailureCause | undefined {
  if (error instanceof InputError) return 'input';
  if (error instanceof GuardRejectedError) return 'guard';
  if (error instanceof UserError) return 'user';
  if (error instanceof CapabilityNotSupportedError) return 'client-cannot';
  // Before McpError: a timeout is one, but it is the client's failure, not a protocol answer.
  if (error instanceof RequestTimeoutError) return 'client-timeout';
  if (error instanceof OutputMismatchError) return 'output';
  if (error instanceof McpError || error instanceof InputRequiredSignal) return undefined;
  return 'internal';
}

/** How a kind reports a failure: as a result, or as a JSON-RPC error. */
export type FailureAnswer<R> = { result: (message: string) => R } | 'error';

/** What the error model needs from the app. */
export interface ErrorOptions {
  exposeErrors: boolean;
  logger: EngineLogger;
}

/**
 * Answers a failure of `subject` the way its kind does: the failure result (tools) or a thrown
 * `McpError` (others). Protocol errors are rethrown untouched.
 */
export function answerFailure<R>(error: unknown, subject: string, answer: FailureAnswer<R>, options: ErrorOptions): R {
  const cause = causeOf(error);
  if (cause === undefined) throw error;
  const failure = error instanceof Error ? error : new Error(String(error));
  const row = ERROR_MODEL[cause];
  if (row.logged) {
    const detail = error instanceof OutputMismatchError ? error.issues : error;
    options.logger.error(
      `[decorum] ${subject} failed${cause === 'output' ? ': output does not match its schema' : ''}`,
      detail,
    );
  }
  const message = row.message(subject, failure, options.exposeErrors);
  if (answer !== 'error') return answer.result(message);
  throw new McpError(row.code, message, row.data?.(failure));
}
