// What a span name or a metric attribute may say of a request: only names from a fixed set, so that a caller
// sending made-up methods, tools or prompts cannot make new metric series or span names (the conventions ask for
// low cardinality). Methods outside the spec's list are `_OTHER`; a tool or prompt name is used only once the call
// did not fail as unknown.
import { ErrorCode } from '../jsonrpc/errors.js';
import { ERROR_TYPE_VALUE_OTHER } from './semconv.js';

/** Every request method of the MCP revisions Decorum speaks (both directions), and the extensions it serves. */
const KNOWN_METHODS = new Set([
  'initialize',
  'ping',
  'server/discover',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'resources/subscribe',
  'resources/unsubscribe',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'subscriptions/listen',
  'sampling/createMessage',
  'elicitation/create',
  'roots/list',
  'tasks/get',
  'tasks/result',
  'tasks/list',
  'tasks/cancel',
  'tasks/update',
  'skills/list',
  'skills/get',
]);

/** The method as spans and metrics name it: itself when the spec knows it, else `_OTHER`. */
export function boundedMethod(method: string): string {
  return KNOWN_METHODS.has(method) ? method : ERROR_TYPE_VALUE_OTHER;
}

// The answers a request for a name the server does not have gets: its name must not become a series.
const UNKNOWN_NAME = new Set<number>([ErrorCode.MethodNotFound, ErrorCode.InvalidParams, ErrorCode.ResourceNotFound]);

/** Whether a request that failed with `code` may still be named after its target (it was not an unknown name). */
export function namesKnownTarget(code: number | undefined): boolean {
  return code === undefined || !UNKNOWN_NAME.has(code);
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The low-cardinality target of a method: the tool or prompt name. */
export function targetOf(method: string, params: Record<string, unknown>): string | undefined {
  return method === 'tools/call' || method === 'prompts/get' ? str(params.name) : undefined;
}
