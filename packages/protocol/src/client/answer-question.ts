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
  fillDefaults = true,
): Promise<JsonObject> {
  switch (method) {
    case 'sampling/createMessage':
      if (handlers.sampling) return { ...(await handlers.sampling(params, context)) };
      break;
    case 'elicitation/create':
      if (handlers.elicitation) {
        const answer = { ...(await handlers.elicitation(params, context)) };
        return fillDefaults ? withDefaults(params, answer) : answer;
      }
      break;
    case 'roots/list':
      if (handlers.roots) return { roots: (await handlers.roots(context)).map((root) => ({ ...root })) };
      break;
  }
  throw new McpError(ErrorCode.MethodNotFound, `Method not found: ${method} (the client has no handler for it)`);
}

/**
 * SEP-1034: an accepted form elicitation carries the requested schema's `default` for every field the user left
 * out, so the server gets the values the form showed.
 */
export function withDefaults(params: JsonObject, result: JsonObject): JsonObject {
  const properties = (params.requestedSchema as JsonObject | undefined)?.properties;
  if (result.action !== 'accept' || properties === null || typeof properties !== 'object') return result;
  const given = result.content;
  if (given !== undefined && (given === null || typeof given !== 'object' || Array.isArray(given))) return result;
  const content: JsonObject = given === undefined ? {} : { ...(given as JsonObject) };
  for (const [key, field] of Object.entries(properties as JsonObject)) {
    const fallback = (field as JsonObject | null)?.default;
    if (fallback !== undefined && content[key] === undefined) content[key] = fallback;
  }
  return { ...result, content };
}
