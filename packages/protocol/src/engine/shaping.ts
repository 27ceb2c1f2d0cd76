// Version shaping: everything the server sends is cut to what the negotiated revision defines.
// Each shape lists the keys a revision allows; objects that already fit are passed through as they
// are (no copy), so the newest revision costs one key scan per object and nothing else.
import { SUPPORTED_PROTOCOL_VERSIONS, versionAtLeast } from '../versions.js';
import type { Implementation, JsonObject } from './types.js';

type Since = Record<string, string | readonly [string, string]>; // key -> first revision that has it [, last]

const V1 = '2024-11-05';
const V2 = '2025-03-26';
const V3 = '2025-06-18';
const V4 = '2025-11-25';
const V4_ONLY = [V4, V4] as const;
/** The content block types a revision may drop fields of (SHAPES also has rule sets that are not blocks). */
const CONTENT_TYPES: ReadonlySet<string> = new Set(['text', 'image', 'audio', 'resource', 'resource_link']);

const SHAPES = {
  tool: {
    name: V1,
    description: V1,
    inputSchema: V1,
    annotations: V2,
    title: V3,
    outputSchema: V3,
    _meta: V3,
    icons: V4,
    execution: V4_ONLY,
  },
  resourceItem: {
    uri: V1,
    name: V1,
    description: V1,
    mimeType: V1,
    size: V1,
    annotations: V1,
    title: V3,
    _meta: V3,
    icons: V4,
  },
  resourceTemplate: {
    uriTemplate: V1,
    name: V1,
    description: V1,
    mimeType: V1,
    annotations: V1,
    title: V3,
    _meta: V3,
    icons: V4,
  },
  prompt: { name: V1, description: V1, arguments: V1, title: V3, _meta: V3, icons: V4 },
  promptArgument: { name: V1, description: V1, required: V1, title: V3 },
  implementation: { name: V1, version: V1, title: V3, description: V4, icons: V4, websiteUrl: V4 },
  annotations: { audience: V1, priority: V1, lastModified: V3 },
  text: { type: V1, text: V1, annotations: V1, _meta: V3 },
  image: { type: V1, data: V1, mimeType: V1, annotations: V1, _meta: V3 },
  audio: { type: V2, data: V2, mimeType: V2, annotations: V2, _meta: V3 },
  resource: { type: V1, resource: V1, annotations: V1, _meta: V3 },
  resource_link: {
    type: V3,
    uri: V3,
    name: V3,
    title: V3,
    description: V3,
    mimeType: V3,
    size: V3,
    annotations: V3,
    _meta: V3,
    icons: V4,
  },
  resourceContents: { uri: V1, mimeType: V1, text: V1, blob: V1, _meta: V3 },
  callToolResult: { content: V1, isError: V1, _meta: V1, structuredContent: V3, resultType: '2026-07-28' },
  readResourceResult: { contents: V1, _meta: V1 },
} satisfies Record<string, Since>;

/**
 * What a client that negotiated one of the server's extensions (SEP-2133) also reads in a revision
 * older than 2025-06-18: extensions are negotiated the same way in every revision and are built on
 * `_meta` of primitives and contents and on `structuredContent` (MCP Apps: `_meta.ui` names a tool's
 * view, the view draws `structuredContent`). The 2024-11-05 and 2025-03-26 schemas leave these objects
 * open, and the client said it reads the extension, so these fields reach it in every revision.
 */
const EXTENSION_FIELDS: Partial<Record<Shape, readonly string[]>> = {
  tool: ['_meta'],
  resourceItem: ['_meta'],
  resourceTemplate: ['_meta'],
  resourceContents: ['_meta'],
  callToolResult: ['structuredContent'],
};

type Shape = keyof typeof SHAPES;
/** The keys a shape allows in one revision (no prototype: `allowed[key]` is true or undefined). */
type Allowed = Readonly<Record<string, true>>;

function has(rule: string | readonly [string, string] | undefined, version: string): boolean {
  if (rule === undefined) return false;
  if (typeof rule === 'string') return versionAtLeast(version, rule);
  return versionAtLeast(version, rule[0]) && !versionAtLeast(version, `${rule[1]}~`); // '~' sorts after any date
}

function allowedIn(version: string, extended: boolean): Readonly<Record<Shape, Allowed>> {
  const tables = {} as Record<Shape, Allowed>;
  for (const [shape, since] of Object.entries(SHAPES) as [Shape, Since][]) {
    const allowed: Record<string, true> = Object.create(null);
    for (const key of Object.keys(since)) if (has(since[key], version)) allowed[key] = true;
    if (extended) for (const key of EXTENSION_FIELDS[shape] ?? []) allowed[key] = true;
    tables[shape] = Object.freeze(allowed);
  }
  return Object.freeze(tables);
}

/** Every shape's keys in every revision this engine speaks, worked out once: no date comparisons per message. */
const ALLOWED: ReadonlyMap<string, Readonly<Record<Shape, Allowed>>> = new Map(
  SUPPORTED_PROTOCOL_VERSIONS.map((version) => [version, allowedIn(version, false)]),
);
/** The same for clients that negotiated an extension of the server (see EXTENSION_FIELDS). */
const EXTENDED: ReadonlyMap<string, Readonly<Record<Shape, Allowed>>> = new Map(
  SUPPORTED_PROTOCOL_VERSIONS.map((version) => [version, allowedIn(version, true)]),
);

/**
 * True when a request's client negotiated one of the extensions the server advertises in a revision
 * that predates the fields extensions are built on: its messages are shaped with EXTENSION_FIELDS kept.
 */
export function carriesExtensionFields(
  version: string,
  advertised: Readonly<Record<string, unknown>> | undefined,
  declared: Readonly<Record<string, unknown>> | undefined,
): boolean {
  if (advertised === undefined || declared === undefined || versionAtLeast(version, V3)) return false;
  for (const id in declared) if (Object.hasOwn(advertised, id)) return true;
  return false;
}

/** Keeps the keys `version` has; returns `value` itself when nothing needs dropping. */
function pick<T extends JsonObject>(value: T, shape: Shape, version: string, extended = false): T {
  const allowed = (extended ? EXTENDED : ALLOWED).get(version)?.[shape] ?? allowedIn(version, extended)[shape];
  let drop = false;
  for (const key in value) {
    if (allowed[key] !== true) {
      drop = true;
      break;
    }
  }
  if (!drop) return value;
  const out: JsonObject = {};
  for (const key in value) if (allowed[key] === true) out[key] = value[key];
  return out as T;
}

function withAnnotations<T extends JsonObject>(value: T, version: string): T {
  const annotations = value.annotations as JsonObject | undefined;
  if (annotations === undefined) return value;
  const shaped = pick(annotations, 'annotations', version);
  return shaped === annotations ? value : { ...value, annotations: shaped };
}

/** Shapes one content block; a block the revision cannot carry becomes a text block describing it. */
export function shapeContent(block: JsonObject, version: string): JsonObject {
  const type = block.type as Shape;
  if (type === 'audio' && !versionAtLeast(version, V2)) {
    return { type: 'text', text: `[audio content (${String(block.mimeType)}) not supported by protocol ${version}]` };
  }
  if (type === 'resource_link' && !versionAtLeast(version, V3)) {
    const label = block.title ?? block.name ?? block.uri;
    return { type: 'text', text: `Resource: ${String(label)} <${String(block.uri)}>` };
  }
  if (!CONTENT_TYPES.has(type)) return block;
  let shaped = withAnnotations(pick(block, type, version), version);
  if (type === 'resource' && shaped.resource !== null && typeof shaped.resource === 'object') {
    const inner = pick(shaped.resource as JsonObject, 'resourceContents', version);
    if (inner !== shaped.resource) shaped = { ...shaped, resource: inner };
  }
  return shaped;
}

function shapeArray(items: unknown, shape: (item: JsonObject) => JsonObject): unknown {
  if (!Array.isArray(items)) return items;
  // Nearly every array is already in shape: no copy until an item changes (a call's content, a list's page).
  let out: unknown[] | undefined;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    const shaped = shape(item as JsonObject);
    if (out === undefined && shaped !== item) out = items.slice(0, i);
    out?.push(shaped);
  }
  return out ?? items;
}

/** Shapes an item of tools/list, resources/list, resources/templates/list or prompts/list. */
export function shapeListItem(
  key: 'tools' | 'resources' | 'resourceTemplates' | 'prompts',
  item: JsonObject,
  version: string,
  extended = false,
): JsonObject {
  switch (key) {
    case 'tools':
      return pick(item, 'tool', version, extended);
    case 'resources':
      return withAnnotations(pick(item, 'resourceItem', version, extended), version);
    case 'resourceTemplates':
      return withAnnotations(pick(item, 'resourceTemplate', version, extended), version);
    case 'prompts': {
      const prompt = pick(item, 'prompt', version);
      const args = shapeArray(prompt.arguments, (a) => pick(a, 'promptArgument', version));
      return args === prompt.arguments ? prompt : { ...prompt, arguments: args };
    }
  }
}

/** Shapes the serverInfo of an initialize result. */
export function shapeServerInfo(info: Implementation, version: string): JsonObject {
  return pick(info as unknown as JsonObject, 'implementation', version);
}

/**
 * Shapes the result of a method whose result carries content (`extended`: the client negotiated an
 * extension of the server, see carriesExtensionFields).
 */
export function shapeResult(method: string, result: JsonObject, version: string, extended = false): JsonObject {
  switch (method) {
    case 'tools/call': {
      let shaped = pick(result, 'callToolResult', version, extended);
      const content = shapeArray(shaped.content, (c) => shapeContent(c, version));
      if (content !== shaped.content) shaped = { ...shaped, content };
      // Without structuredContent in the revision, make sure the data still reaches the model.
      if (shaped !== result && result.structuredContent !== undefined && (shaped.content as unknown[]).length === 0) {
        shaped = { ...shaped, content: [{ type: 'text', text: JSON.stringify(result.structuredContent) }] };
      }
      return shaped;
    }
    case 'resources/read': {
      // Cache hints (2026-07-28) are added by the modern path; a provider's own are kept only there.
      const top = versionAtLeast(version, '2026-07-28') ? result : pick(result, 'readResourceResult', version);
      const contents = shapeArray(top.contents, (c) => pick(c, 'resourceContents', version, extended));
      return contents === top.contents ? top : { ...top, contents };
    }
    case 'prompts/get': {
      const messages = shapeArray(result.messages, (m) => {
        const content = shapeContent(m.content as JsonObject, version);
        return content === m.content ? m : { ...m, content };
      });
      return messages === result.messages ? result : { ...result, messages };
    }
    default:
      return result;
  }
}

/** Shapes the params of a server→client request. */
export function shapeOutgoingRequest(method: string, params: JsonObject, version: string): JsonObject {
  if (method === 'elicitation/create' && !versionAtLeast(version, V4) && 'mode' in params) {
    const { mode: _mode, ...rest } = params;
    return rest;
  }
  if (method === 'sampling/createMessage') {
    const messages = shapeArray(params.messages, (m) => {
      const content = shapeContent(m.content as JsonObject, version);
      return content === m.content ? m : { ...m, content };
    });
    return messages === params.messages ? params : { ...params, messages };
  }
  return params;
}
