// What DurableObjectTaskStore and TaskStoreObject say to each other: one POST per operation, its
// arguments and its answer as JSON. Errors cross as data and are thrown again as the same kind
// (a RangeError means "exists already" or "unknown cursor" to the task manager; an McpError is the
// client's answer).
import { McpError } from '@decorum/protocol';

/** The operations of the task store, with their arguments. */
export const TASK_STORE_OPERATIONS = ['create', 'get', 'update', 'list'] as const;

/** One of {@link TASK_STORE_OPERATIONS}. */
export type TaskStoreOperation = (typeof TASK_STORE_OPERATIONS)[number];

/** An error as it crosses from the object to the store. */
export interface WireError {
  kind: 'range' | 'mcp' | 'other';
  message: string;
  code?: number;
  data?: unknown;
}

/** The answer of one operation. */
export type WireAnswer = { value?: unknown } | { error: WireError };

/** An error thrown in the object, as data. */
export function errorToWire(error: unknown): WireError {
  if (error instanceof McpError) return { kind: 'mcp', message: error.message, code: error.code, data: error.data };
  if (error instanceof RangeError) return { kind: 'range', message: error.message };
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

/** The error to throw in the store for one that crossed. */
export function errorFromWire(error: WireError): Error {
  if (error.kind === 'mcp') return new McpError(error.code ?? -32603, error.message, error.data);
  if (error.kind === 'range') return new RangeError(error.message);
  return new Error(`The Durable Object task store failed: ${error.message}`);
}
