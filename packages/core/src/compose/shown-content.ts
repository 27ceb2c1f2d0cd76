// URIs a mounted server puts inside its results — a `resource_link`, an embedded resource — are its own; clients
// know its resources under the shown URIs (`notes://gh/today`), so the results are given those, and reading what a
// result points at through the app works like reading a listed resource.
import type { CallToolResult, GetPromptResult, JsonObject } from '@decorum/protocol';
import type { MountNaming } from './naming.js';

/** One content block with its URI shown (other blocks as they are). */
function shownBlock<T>(block: T, naming: MountNaming): T {
  if (block === null || typeof block !== 'object') return block;
  const { type, uri, resource } = block as JsonObject;
  if (type === 'resource_link' && typeof uri === 'string') return { ...block, uri: naming.uri(uri) };
  if (type === 'resource' && resource !== null && typeof resource === 'object') {
    const inner = resource as JsonObject;
    if (typeof inner.uri === 'string') return { ...block, resource: { ...inner, uri: naming.uri(inner.uri) } };
  }
  return block;
}

/** A mounted tool's result with the URIs in its content shown. */
export function shownToolResult(result: CallToolResult, naming: MountNaming): CallToolResult {
  if (naming.none || !Array.isArray(result.content)) return result;
  return { ...result, content: result.content.map((block) => shownBlock(block, naming)) };
}

/** A mounted prompt's messages with the URIs in their content shown. */
export function shownPromptResult(result: GetPromptResult, naming: MountNaming): GetPromptResult {
  if (naming.none || !Array.isArray(result.messages)) return result;
  const messages = result.messages.map((message) => ({ ...message, content: shownBlock(message.content, naming) }));
  return { ...result, messages };
}
