// Turning what a handler returns into MCP results, and helpers to build content explicitly.
import type { CallToolResult, ContentBlock, GetPromptResult, JsonObject, ReadResourceResult } from '@decorum/protocol';

/** Base64 of bytes without Node's Buffer (this runs in any JavaScript runtime). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const CONTENT_TYPES = new Set(['text', 'image', 'audio', 'resource_link', 'resource']);

/** True for an MCP content block. */
export function isContentBlock(value: unknown): value is ContentBlock {
  return typeof value === 'object' && value !== null && CONTENT_TYPES.has((value as { type?: string }).type ?? '');
}

/** A text content block. */
export const text = (value: string): ContentBlock => ({ type: 'text', text: value });

/** An image content block from bytes or base64. */
export const image = (data: Uint8Array | string, mimeType: string): ContentBlock => ({
  type: 'image',
  data: typeof data === 'string' ? data : toBase64(data),
  mimeType,
});

/** An audio content block from bytes or base64. */
export const audio = (data: Uint8Array | string, mimeType: string): ContentBlock => ({
  type: 'audio',
  data: typeof data === 'string' ? data : toBase64(data),
  mimeType,
});

/** A link to a resource (2025-06-18; older clients get a text block with the URI). */
export const resourceLink = (
  uri: string,
  name: string,
  extra: Omit<JsonObject, 'uri' | 'name'> = {},
): ContentBlock => ({
  type: 'resource_link',
  uri,
  name,
  ...extra,
});

/** An embedded resource with text or bytes. */
export function embeddedResource(uri: string, content: string | Uint8Array, mimeType?: string): ContentBlock {
  const resource: JsonObject = typeof content === 'string' ? { uri, text: content } : { uri, blob: toBase64(content) };
  if (mimeType !== undefined) resource.mimeType = mimeType;
  return { type: 'resource', resource };
}

function binaryBlock(bytes: Uint8Array, mimeType: string | undefined): ContentBlock {
  if (mimeType?.startsWith('image/')) return image(bytes, mimeType);
  if (mimeType?.startsWith('audio/')) return audio(bytes, mimeType);
  // Not an image or audio: an embedded blob, named by a data: URI since it has no address of its own.
  return embeddedResource(
    `data:${mimeType ?? 'application/octet-stream'};base64,`,
    bytes,
    mimeType ?? 'application/octet-stream',
  );
}

/**
 * A tool's return value as a CallToolResult: a full result passes through; a string becomes text;
 * bytes become image/audio/blob content by `mimeType`; content blocks are wrapped; with an output
 * schema, an object becomes `structuredContent` plus its JSON as text; other values become JSON text.
 */
export function normalizeToolResult(
  value: unknown,
  options: { structured: boolean; mimeType?: string },
): CallToolResult {
  const full = typeof value === 'object' && value !== null && Array.isArray((value as CallToolResult).content);
  // A full result passes through: an error result never needs structured content.
  if (full && (!options.structured || (value as CallToolResult).isError || 'structuredContent' in value)) {
    return value as CallToolResult;
  }
  if (options.structured) {
    if (typeof value !== 'object' || value === null || Array.isArray(value) || full || value instanceof Uint8Array) {
      throw new OutputShapeError('a tool with an output schema must return an object (its structured content)');
    }
    const json = JSON.stringify(value);
    return { content: [text(json)], structuredContent: JSON.parse(json) as JsonObject };
  }
  if (value === undefined || value === null) return { content: [] };
  if (typeof value === 'string') return { content: [text(value)] };
  if (value instanceof Uint8Array) return { content: [binaryBlock(value, options.mimeType)] };
  if (isContentBlock(value)) return { content: [value] };
  if (Array.isArray(value) && value.length > 0 && value.every(isContentBlock)) return { content: value };
  const json = JSON.stringify(value);
  return { content: [text(json ?? String(value))] };
}

/** A tool with an output schema returned something that cannot be its structured content. */
export class OutputShapeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputShapeError';
  }
}

type PromptMessage = GetPromptResult['messages'][number];

function toMessage(value: unknown): PromptMessage {
  if (typeof value === 'string') return { role: 'user', content: text(value) };
  if (isContentBlock(value)) return { role: 'user', content: value };
  const m = value as PromptMessage;
  if ((m.role === 'user' || m.role === 'assistant') && isContentBlock(m.content)) return m;
  if ((m.role === 'user' || m.role === 'assistant') && typeof m.content === 'string')
    return { role: m.role, content: text(m.content) };
  throw new TypeError(
    'a prompt must return a string, a content block, a message ({ role, content }) or an array of them',
  );
}

/** A prompt's return value as a GetPromptResult (a string is one user text message). */
export function normalizePromptResult(value: unknown, description?: string): GetPromptResult {
  if (typeof value === 'object' && value !== null && Array.isArray((value as GetPromptResult).messages)) {
    return value as GetPromptResult;
  }
  const messages = (Array.isArray(value) ? value : [value]).map(toMessage);
  return description === undefined ? { messages } : { description, messages };
}

/** A resource reader's return value as a ReadResourceResult for `uri`. */
export function normalizeResourceResult(value: unknown, uri: string, mimeType?: string): ReadResourceResult {
  if (typeof value === 'object' && value !== null && Array.isArray((value as ReadResourceResult).contents)) {
    return value as ReadResourceResult;
  }
  const entry = (fields: JsonObject): JsonObject =>
    mimeType === undefined ? { uri, ...fields } : { uri, mimeType, ...fields };
  if (typeof value === 'string') return { contents: [entry({ text: value })] };
  if (value instanceof Uint8Array) return { contents: [entry({ blob: toBase64(value) })] };
  const json = JSON.stringify(value);
  return { contents: [{ uri, mimeType: mimeType ?? 'application/json', text: json }] };
}
