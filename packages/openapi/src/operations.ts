// The operations of a dereferenced document as plain descriptions: what a tool needs to list itself,
// check its arguments and make its request. Computed once, at startup.
import type { JsonObject } from '@decorum/protocol';
import type { LoadedDocument } from './document.js';
import { toJsonSchema } from './json-schema.js';
import { HTTP_METHODS, type OperationInfo } from './operation-info.js';

export { HTTP_METHODS, type HttpMethod, type OperationInfo } from './operation-info.js';

/** One parameter of an operation, under the argument name clients use for it. */
export interface ParameterSpec {
  /** The argument's name in the tool's input (the parameter name, unless that would collide). */
  key: string;
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonObject;
  style?: string;
  explode?: boolean;
  /** Declared with `content` (not `schema`): sent as JSON text. */
  json: boolean;
}

/** The request body: always the `body` argument. */
export interface BodySpec {
  required: boolean;
  contentType: string;
  /** How the argument is encoded: JSON, a URL-encoded form, or text sent as is. */
  encoding: 'json' | 'form' | 'text';
  schema: JsonObject;
}

/** A security requirement alternative: every scheme in it must be satisfied. */
export type SecurityAlternative = { name: string; scheme: Record<string, unknown> }[];

/** Everything about an operation its tool needs. */
export interface OperationSpec extends OperationInfo {
  parameters: ParameterSpec[];
  body?: BodySpec;
  /** The JSON schema of the only success response, when there is one. */
  response?: JsonObject;
  /** Alternatives in the document's order; empty: no authentication. */
  security: SecurityAlternative[];
  /** Servers of this operation or its path (override the document's). */
  servers?: { url: string; variables?: Record<string, { default?: string }> }[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isJson = (type: string) => /^application\/(.+\+)?json\b/i.test(type) || type === '*/*';
const LOCATIONS = ['path', 'query', 'header', 'cookie'] as const;
const IGNORED_HEADERS = new Set(['accept', 'content-type', 'authorization']);

/** The input key of the request body; a parameter called `body` is renamed (see {@link argumentKeys}). */
export const BODY_KEY = 'body';
const RESERVED_KEYS = new Set([BODY_KEY, '__proto__', 'constructor']);

/** Every operation of the document, in document order (paths, then methods as OpenAPI lists them). */
export function readOperations(loaded: LoadedDocument): OperationSpec[] {
  return [...eachOperation(loaded)];
}

/** The operations one at a time, so a caller can give the event loop a turn between them (large documents). */
export function* eachOperation(loaded: LoadedDocument): Generator<OperationSpec> {
  const { document, version } = loaded;
  const paths = isObject(document.paths) ? document.paths : {};
  const schemes =
    isObject(document.components) && isObject(document.components.securitySchemes)
      ? document.components.securitySchemes
      : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const parameters = mergeParameters(item.parameters, op.parameters).map((p) => parameterSpec(p, version));
      const spec: OperationSpec = {
        method,
        path,
        tags: Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : [],
        deprecated: op.deprecated === true,
        parameters: argumentKeys(parameters),
        security: securityOf(op.security ?? document.security, schemes),
      };
      if (typeof op.operationId === 'string') spec.operationId = op.operationId;
      if (typeof op.summary === 'string') spec.summary = op.summary;
      if (typeof op.description === 'string') spec.description = op.description;
      const body = bodySpec(op.requestBody, version);
      if (body !== undefined) spec.body = body;
      const response = responseSchema(op.responses, version);
      if (response !== undefined) spec.response = response;
      const servers = Array.isArray(op.servers) ? op.servers : Array.isArray(item.servers) ? item.servers : undefined;
      if (servers !== undefined && servers.length > 0) spec.servers = servers as OperationSpec['servers'];
      yield spec;
    }
  }
}

/** Path-level parameters, overridden by operation-level ones with the same name and location. */
function mergeParameters(pathLevel: unknown, operationLevel: unknown): Record<string, unknown>[] {
  const list = (value: unknown) => (Array.isArray(value) ? value.filter(isObject) : []);
  const merged = new Map<string, Record<string, unknown>>();
  for (const p of [...list(pathLevel), ...list(operationLevel)]) merged.set(`${p.in}:${p.name}`, p);
  return [...merged.values()].filter(
    (p) =>
      LOCATIONS.includes(p.in as never) &&
      typeof p.name === 'string' &&
      // OpenAPI: header parameters named Accept, Content-Type or Authorization "SHALL be ignored".
      !(p.in === 'header' && IGNORED_HEADERS.has(p.name.toLowerCase())),
  );
}

function parameterSpec(p: Record<string, unknown>, version: LoadedDocument['version']): ParameterSpec {
  let raw = p.schema;
  const json = raw === undefined && isObject(p.content);
  if (json) raw = Object.values(p.content as Record<string, { schema?: unknown }>)[0]?.schema;
  const schema = toJsonSchema(raw ?? {}, version, 'input');
  if (typeof p.description === 'string' && schema.description === undefined) schema.description = p.description;
  if (p.deprecated === true) schema.deprecated = true;
  const spec: ParameterSpec = {
    key: p.name as string,
    name: p.name as string,
    in: p.in as ParameterSpec['in'],
    required: p.in === 'path' || p.required === true,
    schema,
    json,
  };
  if (typeof p.style === 'string') spec.style = p.style;
  if (typeof p.explode === 'boolean') spec.explode = p.explode;
  return spec;
}

/**
 * Gives each parameter a distinct argument name: its own, unless another parameter (in another
 * location) or the request body already uses it; then `<in>_<name>` (`header_id`), numbered if needed.
 */
export function argumentKeys(parameters: ParameterSpec[]): ParameterSpec[] {
  const count = new Map<string, number>();
  for (const p of parameters) count.set(p.name, (count.get(p.name) ?? 0) + 1);
  // `body` is the request body's; `__proto__` and `constructor` would reach an object's prototype.
  const own = (p: ParameterSpec) => count.get(p.name) === 1 && !RESERVED_KEYS.has(p.name);
  const taken = new Set<string>(RESERVED_KEYS);
  for (const p of parameters) if (own(p)) taken.add(p.name);
  return parameters.map((p) => {
    if (own(p)) return p;
    let key = `${p.in}_${p.name}`;
    for (let n = 2; taken.has(key); n++) key = `${p.in}_${p.name}_${n}`;
    taken.add(key);
    return { ...p, key };
  });
}

function bodySpec(requestBody: unknown, version: LoadedDocument['version']): BodySpec | undefined {
  if (!isObject(requestBody) || !isObject(requestBody.content)) return undefined;
  const types = Object.keys(requestBody.content);
  const contentType = types.find(isJson) ?? types.find((t) => t === 'application/x-www-form-urlencoded') ?? types[0];
  if (contentType === undefined) return undefined;
  const media = (requestBody.content as Record<string, unknown>)[contentType];
  const encoding = isJson(contentType) ? 'json' : contentType === 'application/x-www-form-urlencoded' ? 'form' : 'text';
  const declared = isObject(media) ? media.schema : undefined;
  const schema = encoding === 'text' ? { type: 'string' } : toJsonSchema(declared ?? {}, version, 'input');
  if (typeof requestBody.description === 'string' && schema.description === undefined)
    (schema as JsonObject).description = requestBody.description;
  return {
    required: requestBody.required === true,
    contentType: contentType === '*/*' ? 'application/json' : contentType,
    encoding,
    schema,
  };
}

/** The JSON schema of the success response, when exactly one 2xx response is declared and it is JSON. */
function responseSchema(responses: unknown, version: LoadedDocument['version']): JsonObject | undefined {
  if (!isObject(responses)) return undefined;
  const success = Object.entries(responses).filter(([code]) => /^2(\d\d|XX)$/i.test(code));
  if (success.length !== 1) return undefined;
  const [, response] = success[0] as [string, unknown];
  if (!isObject(response) || !isObject(response.content)) return undefined;
  const types = Object.keys(response.content);
  if (types.length !== 1 || !isJson(types[0] as string)) return undefined;
  const media = (response.content as Record<string, unknown>)[types[0] as string];
  if (!isObject(media) || media.schema === undefined) return undefined;
  return toJsonSchema(media.schema, version, 'output');
}

function securityOf(requirements: unknown, schemes: Record<string, unknown>): SecurityAlternative[] {
  if (!Array.isArray(requirements)) return [];
  const alternatives: SecurityAlternative[] = [];
  for (const requirement of requirements) {
    if (!isObject(requirement)) continue;
    // {} among the alternatives: anonymous access is allowed.
    if (Object.keys(requirement).length === 0) return [...alternatives, []];
    const schemesOf = Object.keys(requirement).map((name) => ({ name, scheme: schemes[name] }));
    if (schemesOf.every((s) => isObject(s.scheme))) alternatives.push(schemesOf as SecurityAlternative);
  }
  return alternatives;
}
