import type { ClientCapabilities, JsonObject } from '../engine/types.js';
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import type { ClientHandlers, HandlerContext } from './client-types.js';

/** The capabilities the given handlers imply: one per question the client can answer. */
export function capabilitiesFor(handlers: ClientHandlers): ClientCapabilities {
  const capabilities: ClientCapabilities = {};
  if (handlers.sampling) capabilities.sampling = {};
  if (handlers.elicitation) capabilities.elicitation = {};
  if (handlers.roots) capabilities.roots = { listChanged: true };
  return capabilities;
}

/**
 * Answers one question of the server (a legacy request, or a modern input request) with the handlers; a question
 * without a handler is `-32601`, as the capability was not declared either.
 */
export async function answerQuestion(
  handlers: ClientHandlers,
  method: string,
  params: JsonObject,
  context: HandlerContext,
): Promise<JsonObject> {
  switch (method) {
    case 'sampling/createMessage':
      if (handlers.sampling) return { ...(await handlers.sampling(params, context)) };
      break;
    case 'elicitation/create':
      if (handlers.elicitation) return { ...(await handlers.elicitation(params, context)) };
      break;
    case 'roots/list':
      if (handlers.roots) return { roots: (await handlers.roots(context)).map((root) => ({ ...root })) };
      break;
  }
  throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${method} (the client has no handler for it)`);
}
