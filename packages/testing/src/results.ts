import type { ContentBlock, JsonObject } from '@decorum/protocol';

/** The result of `callTool`, with `text` for short asserts. */
export interface ToolCallResult {
  content: ContentBlock[];
  /** The structured output, when the tool has an output schema. */
  structuredContent?: unknown;
  /** True when the tool failed in a way the model can act on (absent on the wire means false). */
  isError: boolean;
  /** Every text block, joined with newlines. */
  text: string;
  _meta?: JsonObject;
}

/** One item of `resources/read`: text or base64 `blob`. */
export interface ResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
  [key: string]: unknown;
}

/** The result of `readResource`, with `text` for short asserts. */
export interface ResourceReadResult {
  contents: ResourceContents[];
  /** Every text item, joined with newlines. */
  text: string;
  _meta?: JsonObject;
}

/** The result of `getPrompt`, with `text` for short asserts. */
export interface PromptResult {
  description?: string;
  messages: { role: 'user' | 'assistant'; content: ContentBlock }[];
  /** Every text message, joined with newlines. */
  text: string;
  _meta?: JsonObject;
}

/** The result of `complete`. */
export interface CompletionResult {
  values: string[];
  total?: number;
  hasMore?: boolean;
}

/**
 * What `complete` completes: a prompt or a resource template, in wire form or shorthand.
 * @example
 * await client.complete({ prompt: 'plan' }, { name: 'city', value: 'pa' });
 * await client.complete({ resource: 'weather://forecast/{city}' }, { name: 'city', value: 'pa' });
 */
export type CompletionRef =
  | { type: 'ref/prompt'; name: string }
  | { type: 'ref/resource'; uri: string }
  | { prompt: string }
  | { resource: string };

/** The wire form of a completion reference. */
export function completionRef(ref: CompletionRef): JsonObject {
  if ('prompt' in ref) return { type: 'ref/prompt', name: ref.prompt };
  if ('resource' in ref) return { type: 'ref/resource', uri: ref.resource };
  return { ...ref };
}

const joinTexts = (items: readonly unknown[]) =>
  items
    .map((item) => (item as { text?: unknown }).text)
    .filter((text): text is string => typeof text === 'string')
    .join('\n');

export function toToolCallResult(result: JsonObject): ToolCallResult {
  const content = (result.content ?? []) as ContentBlock[];
  const out: ToolCallResult = {
    content,
    isError: result.isError === true,
    text: joinTexts(content.filter((b) => b.type === 'text')),
  };
  if (result.structuredContent !== undefined) out.structuredContent = result.structuredContent;
  if (result._meta !== undefined) out._meta = result._meta as JsonObject;
  return out;
}

export function toResourceReadResult(result: JsonObject): ResourceReadResult {
  const contents = (result.contents ?? []) as ResourceContents[];
  const out: ResourceReadResult = { contents, text: joinTexts(contents) };
  if (result._meta !== undefined) out._meta = result._meta as JsonObject;
  return out;
}

export function toPromptResult(result: JsonObject): PromptResult {
  const messages = (result.messages ?? []) as PromptResult['messages'];
  const out: PromptResult = {
    messages,
    text: joinTexts(messages.map((m) => m.content).filter((c) => c.type === 'text')),
  };
  if (typeof result.description === 'string') out.description = result.description;
  if (result._meta !== undefined) out._meta = result._meta as JsonObject;
  return out;
}
