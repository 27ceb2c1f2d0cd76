import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import type { JsonRpcMessage } from '../jsonrpc/types.js';

/** What an {@link InsufficientScopeError} carries as JSON-RPC error data. */
export interface InsufficientScopeData {
  error: 'insufficient_scope';
  /** Every scope the operation needs (not only the missing ones), as RFC 6750 §3.1 asks. */
  requiredScopes: string[];
}

/**
 * The caller's credentials lack a scope the operation needs. Over Streamable HTTP a request
 * answered with this error becomes `403 Forbidden` with `WWW-Authenticate: Bearer
 * error="insufficient_scope", scope="…"`, so the client can step up its authorization; elsewhere
 * it is a plain JSON-RPC error (-32600) whose data names the scopes.
 * @example throw new InsufficientScopeError(['notes:write'], 'tool "delete_note"');
 */
export class InsufficientScopeError extends McpError {
  declare readonly data: InsufficientScopeData;

  constructor(requiredScopes: readonly string[], what = 'this operation') {
    const needs = requiredScopes.length > 0 ? `the scope ${requiredScopes.join(' ')}` : 'an authenticated caller';
    super(ErrorCode.InvalidRequest, `Forbidden: ${what} needs ${needs}`, {
      error: 'insufficient_scope',
      requiredScopes: [...requiredScopes],
    } satisfies InsufficientScopeData);
    this.name = 'InsufficientScopeError';
  }
}

/**
 * The scopes named by an insufficient-scope error response, when `message` is exactly one such
 * response (so the HTTP layer can answer 403 instead of 200); undefined otherwise.
 */
export function insufficientScopeOf(message: JsonRpcMessage | JsonRpcMessage[]): string[] | undefined {
  if (Array.isArray(message) || !('error' in message) || message.error === undefined) return undefined;
  const data = message.error.data as Partial<InsufficientScopeData> | undefined;
  if (data?.error !== 'insufficient_scope' || !Array.isArray(data.requiredScopes)) return undefined;
  return data.requiredScopes.filter((s): s is string => typeof s === 'string');
}
