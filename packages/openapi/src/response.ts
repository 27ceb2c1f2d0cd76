// An HTTP response as a tool result: JSON as structured content plus its text, other text as text,
// images and audio as such, anything else as an embedded blob; a status outside 2xx as an `isError`
// result that carries the status and the body, so the model can tell what went wrong.
import { audio, embeddedResource, image, text } from '@decorum/core';
import type { CallToolResult, JsonObject } from '@decorum/protocol';

/**
 * What the tool's output schema promises; undefined: the tool has none. A JSON object body is the
 * structured content (only the `keep` properties, when the schema lists them); any other JSON value is
 * wrapped as `{ result: value }`.
 */
export interface StructuredShape {
  keep?: readonly string[];
}

/** Error bodies are cut to this many characters: enough to read, not a flood of HTML. */
const ERROR_BODY_LIMIT = 4000;

const isJsonType = (type: string) => /^application\/(.+\+)?json\b/i.test(type);
const isTextType = (type: string) =>
  type === '' ||
  /^text\//i.test(type) ||
  /^application\/(.+\+)?(xml|yaml|x-yaml|javascript|x-www-form-urlencoded)\b/i.test(type);

/** The result of a call whose response is `response` (`label` names the request in error messages). */
export async function toToolResult(
  response: Response,
  label: string,
  shape: StructuredShape | undefined,
): Promise<CallToolResult> {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (!response.ok) {
    const body = await response.text();
    const shown = body.length > ERROR_BODY_LIMIT ? `${body.slice(0, ERROR_BODY_LIMIT)}…` : body;
    const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    return { isError: true, content: [text(`${label} failed with HTTP ${status}${shown === '' ? '' : `: ${shown}`}`)] };
  }
  if (isJsonType(type)) {
    const body = await response.text();
    let value: unknown;
    try {
      value = body === '' ? undefined : JSON.parse(body);
    } catch {
      return shape === undefined ? { content: [text(body)] } : mismatch(label, 'a body that is not valid JSON');
    }
    if (value === undefined) return shape === undefined ? { content: [] } : mismatch(label, 'an empty body');
    return structured(value, shape);
  }
  if (shape !== undefined) return mismatch(label, `content of type ${type || 'unknown'} instead of JSON`);
  if (isTextType(type)) {
    const body = await response.text();
    return { content: body === '' ? [] : [text(body)] };
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (type.startsWith('image/')) return { content: [image(bytes, type)] };
  if (type.startsWith('audio/')) return { content: [audio(bytes, type)] };
  return { content: [embeddedResource(response.url || `data:${type};base64,`, bytes, type)] };
}

function structured(value: unknown, shape: StructuredShape | undefined): CallToolResult {
  const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
  const json = JSON.stringify(value);
  let content: JsonObject = isObject ? (value as JsonObject) : { result: value as never };
  if (shape?.keep !== undefined && isObject) {
    const keep = new Set(shape.keep);
    content = Object.fromEntries(Object.entries(content).filter(([key]) => keep.has(key)));
  }
  return { content: [text(json)], structuredContent: content };
}

/** The API answered 2xx but not with what its document promises for this operation. */
function mismatch(label: string, what: string): CallToolResult {
  return { isError: true, content: [text(`${label} answered with ${what}, but its OpenAPI document declares JSON`)] };
}
