/**
 * Validates what an MCP **server** sends against the official JSON schema of one protocol revision
 * (the vendored copies in `test/spec/<version>/schema.json`).
 *
 * - 2024-11-05, 2025-03-26, 2025-06-18 are JSON Schema draft-07 (`definitions`, checked with `Ajv`);
 *   2025-11-25 and 2026-07-28 are 2020-12 (`$defs`, checked with `Ajv2020`).
 * - Each document is added once per version (`ajv.addSchema(doc, id)`), and a definition is compiled
 *   lazily through `ajv.getSchema(id + '#/definitions/X')` (or `#/$defs/X`), then cached.
 * - `validateServerMessage` never validates against the broad unions (`ServerResult`,
 *   `ServerNotification`, `ServerRequest`, `JSONRPCMessage`): it picks the specific definition for
 *   the method, so a failure names the real problem rather than "must match a schema in anyOf".
 * - Content unions whose members are all tagged by a distinct `type` constant (`ContentBlock`,
 *   `CallToolResult.content` items, ...) are compiled as `oneOf` + ajv `discriminator`. That is
 *   equivalent to the schema's `anyOf` (the tags are required and mutually exclusive) and makes ajv
 *   report only the errors of the member the `type` selects.
 *
 * The official schemas never set `additionalProperties: false`: an unknown field (a `title` on a
 * 2025-03-26 Tool, `structuredContent` on a 2025-03-26 CallToolResult, ...) passes them. Pass
 * `{ closed: true }` to treat every object the schema spells out as closed — stricter than the spec,
 * but what version shaping needs. See `SpecValidationOptions.closed` for what stays open.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';

export type SpecVersion = '2024-11-05' | '2025-03-26' | '2025-06-18' | '2025-11-25' | '2026-07-28';

/** Every vendored revision, oldest first. */
export const SPEC_VERSIONS: readonly SpecVersion[] = [
  '2024-11-05',
  '2025-03-26',
  '2025-06-18',
  '2025-11-25',
  '2026-07-28',
];

export interface SpecValidationOptions {
  /**
   * Reject properties the revision's schema does not declare. Every object schema with `properties`
   * and no `additionalProperties` gets `additionalProperties: false`; definitions combined with
   * `allOf` get `unevaluatedProperties: false` on the combination instead. Left open, because the
   * spec means them open: `_meta` objects, `Tool.inputSchema` / `Tool.outputSchema` /
   * `requestedSchema` (they are JSON Schemas), everything with an explicit `additionalProperties`
   * (`Result`/`EmptyResult`, `experimental`, `structuredContent`, capability flags such as `logging`).
   * The inline `params` of a request/notification definition also accept `_meta`, which every
   * revision declares on the base `Request`/`Notification` params even where the specific
   * definition forgot to repeat it.
   */
  closed?: boolean;
}

/** The request method a response answers: one method for every response, or a map from request id. */
export type RequestMethodLookup = string | Readonly<Record<string, string>>;

/**
 * The result definition for the response to each client-to-server request. The schemas have no
 * dedicated result type for `ping`, `resources/subscribe`, `resources/unsubscribe` and
 * `logging/setLevel`; those answer with `EmptyResult` (which is `Result`, an open object).
 * Whether a method exists in a revision is read from that revision's `ClientRequest` union.
 */
export const RESULT_DEFINITIONS: Readonly<Record<string, string>> = {
  initialize: 'InitializeResult',
  ping: 'EmptyResult',
  'resources/list': 'ListResourcesResult',
  'resources/templates/list': 'ListResourceTemplatesResult',
  'resources/read': 'ReadResourceResult',
  'resources/subscribe': 'EmptyResult',
  'resources/unsubscribe': 'EmptyResult',
  'prompts/list': 'ListPromptsResult',
  'prompts/get': 'GetPromptResult',
  'tools/list': 'ListToolsResult',
  'tools/call': 'CallToolResult',
  'logging/setLevel': 'EmptyResult',
  'completion/complete': 'CompleteResult',
  // 2025-11-25 (experimental tasks)
  'tasks/get': 'GetTaskResult',
  'tasks/result': 'GetTaskPayloadResult',
  'tasks/cancel': 'CancelTaskResult',
  'tasks/list': 'ListTasksResult',
  // 2026-07-28
  'server/discover': 'DiscoverResult',
  'subscriptions/listen': 'SubscriptionsListenResult',
};

type SchemaNode = Record<string, any>;

interface SpecDocument {
  readonly version: SpecVersion;
  readonly raw: SchemaNode;
  readonly defsKey: 'definitions' | '$defs';
  readonly defs: Readonly<Record<string, SchemaNode>>;
}

interface CompiledVersion {
  readonly ajv: Ajv | Ajv2020;
  readonly id: string;
}

const documents = new Map<SpecVersion, SpecDocument>();
const instances = new Map<string, CompiledVersion>();
const validators = new Map<string, ValidateFunction>();

const addFormats = ((addFormatsImport as unknown as { default?: unknown }).default ?? addFormatsImport) as (
  ajv: Ajv | Ajv2020,
) => unknown;

function isObject(value: unknown): value is SchemaNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isSpecVersion(version: unknown): version is SpecVersion {
  return (SPEC_VERSIONS as readonly unknown[]).includes(version);
}

function loadDocument(version: SpecVersion): SpecDocument {
  let doc = documents.get(version);
  if (!doc) {
    const file = fileURLToPath(new URL(`../spec/${version}/schema.json`, import.meta.url));
    const raw = JSON.parse(readFileSync(file, 'utf8')) as SchemaNode;
    const defsKey = isObject(raw.$defs) ? '$defs' : 'definitions';
    doc = { version, raw, defsKey, defs: raw[defsKey] as Record<string, SchemaNode> };
    documents.set(version, doc);
  }
  return doc;
}

/** The definition names of one revision's schema, sorted. */
export function specDefinitionNames(version: SpecVersion): string[] {
  return Object.keys(loadDocument(version).defs).sort();
}

// ---------------------------------------------------------------------------------------------
// Schema preparation
// ---------------------------------------------------------------------------------------------

/** Calls `visit` on `node` and every subschema below it, in keyword positions only. */
function walkSchema(
  node: unknown,
  visit: (node: SchemaNode, propertyName: string | undefined, inAllOf: boolean) => void,
  propertyName?: string,
  inAllOf = false,
): void {
  if (!isObject(node)) return;
  visit(node, propertyName, inAllOf);
  if (isObject(node.properties)) {
    for (const [name, child] of Object.entries(node.properties)) walkSchema(child, visit, name);
  }
  for (const key of ['additionalProperties', 'unevaluatedProperties', 'items', 'contains', 'not', 'propertyNames']) {
    walkSchema(node[key], visit);
  }
  for (const key of ['if', 'then', 'else']) walkSchema(node[key], visit);
  for (const key of ['patternProperties', 'dependentSchemas']) {
    if (isObject(node[key])) for (const child of Object.values(node[key])) walkSchema(child, visit);
  }
  for (const key of ['anyOf', 'oneOf', 'prefixItems']) {
    if (Array.isArray(node[key])) for (const child of node[key]) walkSchema(child, visit);
  }
  if (Array.isArray(node.items)) for (const child of node.items) walkSchema(child, visit);
  if (Array.isArray(node.allOf)) for (const child of node.allOf) walkSchema(child, visit, undefined, true);
}

function refName(doc: SpecDocument, ref: unknown): string | undefined {
  const prefix = `#/${doc.defsKey}/`;
  return typeof ref === 'string' && ref.startsWith(prefix) ? ref.slice(prefix.length) : undefined;
}

/** `anyOf` of `$ref`s that are all tagged by a distinct, required `type` constant → ajv discriminator. */
function discriminateUnions(doc: SpecDocument, defs: Record<string, SchemaNode>): void {
  const tagsOf = (name: string): string[] | undefined => {
    const def = defs[name];
    const tag = def?.properties?.type;
    if (!isObject(tag) || !Array.isArray(def.required) || !def.required.includes('type')) return undefined;
    if (typeof tag.const === 'string') return [tag.const];
    if (Array.isArray(tag.enum) && tag.enum.every((v: unknown) => typeof v === 'string')) return tag.enum;
    return undefined;
  };
  for (const def of Object.values(defs)) {
    walkSchema(def, (node) => {
      if (!Array.isArray(node.anyOf) || node.anyOf.length < 2 || node.discriminator) return;
      const seen = new Set<string>();
      for (const member of node.anyOf) {
        const name = isObject(member) ? refName(doc, member.$ref) : undefined;
        const tags = name ? tagsOf(name) : undefined;
        if (!tags) return;
        for (const tag of tags) {
          if (seen.has(tag)) return;
          seen.add(tag);
        }
      }
      node.oneOf = node.anyOf;
      delete node.anyOf;
      node.discriminator = { propertyName: 'type' };
    });
  }
}

const OPEN_SCHEMA_PROPERTIES = new Set(['_meta', 'inputSchema', 'outputSchema', 'requestedSchema']);

/** Implements `SpecValidationOptions.closed` on a copy of the definitions. */
function closeObjects(doc: SpecDocument, defs: Record<string, SchemaNode>): void {
  const keepOpen = new Set<SchemaNode>();

  // Definitions used as `allOf` members get an open twin; the combination is closed instead.
  for (const def of Object.values(defs)) {
    walkSchema(def, (node) => {
      if (!Array.isArray(node.allOf)) return;
      if (doc.defsKey === '$defs' && node.unevaluatedProperties === undefined) node.unevaluatedProperties = false;
      for (const member of node.allOf) {
        if (!isObject(member)) continue;
        const name = refName(doc, member.$ref);
        if (name === undefined) continue;
        const twin = `${name}__open`;
        if (!defs[twin]) defs[twin] = structuredClone(defs[name]);
        member.$ref = `#/${doc.defsKey}/${twin}`;
      }
    });
  }
  for (const [name, def] of Object.entries(defs)) {
    if (name.endsWith('__open') || name.endsWith('MetaObject')) keepOpen.add(def);
  }

  for (const def of Object.values(defs)) {
    walkSchema(def, (node, propertyName, inAllOf) => {
      if (inAllOf || (propertyName !== undefined && OPEN_SCHEMA_PROPERTIES.has(propertyName))) keepOpen.add(node);
      // Inline request/notification params inherit `_meta` from the base Request/Notification params.
      const params = node.properties?.params;
      if (
        isObject(node.properties?.method) &&
        isObject(params) &&
        isObject(params.properties) &&
        !params.properties._meta
      ) {
        params.properties._meta = { type: 'object' };
      }
      if (
        isObject(node.properties) &&
        node.additionalProperties === undefined &&
        node.unevaluatedProperties === undefined &&
        node.patternProperties === undefined &&
        !keepOpen.has(node)
      ) {
        node.additionalProperties = false;
      }
    });
  }
}

function schemaId(version: SpecVersion, closed: boolean): string {
  return `https://decorum.test/mcp-spec/${version}${closed ? '/closed' : ''}/schema.json`;
}

function compiledVersion(version: SpecVersion, closed: boolean): CompiledVersion {
  const key = `${version}|${closed}`;
  let compiled = instances.get(key);
  if (!compiled) {
    const doc = loadDocument(version);
    const prepared = structuredClone(doc.raw);
    const defs = prepared[doc.defsKey] as Record<string, SchemaNode>;
    discriminateUnions(doc, defs);
    if (closed) closeObjects(doc, defs);
    const options = { strict: false, allErrors: true, verbose: true, discriminator: true };
    const ajv = doc.defsKey === '$defs' ? new Ajv2020(options) : new Ajv(options);
    addFormats(ajv);
    const id = schemaId(version, closed);
    ajv.addSchema(prepared, id);
    compiled = { ajv, id };
    instances.set(key, compiled);
  }
  return compiled;
}

function validatorFor(version: SpecVersion, definition: string, closed: boolean): ValidateFunction {
  const key = `${version}|${closed}|${definition}`;
  let validate = validators.get(key);
  if (!validate) {
    const { ajv, id } = compiledVersion(version, closed);
    validate = ajv.getSchema(`${id}#/${loadDocument(version).defsKey}/${definition}`);
    if (!validate) throw new Error(`cannot compile ${definition} of ${version}`);
    validators.set(key, validate);
  }
  return validate;
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

function refNames(members: unknown): string {
  if (!Array.isArray(members)) return '';
  return members
    .map((member) => (isObject(member) && typeof member.$ref === 'string' ? member.$ref.split('/').pop() : 'inline'))
    .join(', ');
}

function formatError(definition: string, basePath: string, error: ErrorObject): string {
  const params = error.params as Record<string, any>;
  let at = `${basePath}${error.instancePath}`;
  let detail = error.message ?? 'is invalid';
  switch (error.keyword) {
    case 'additionalProperties':
      at += `/${params.additionalProperty}`;
      detail = 'property not declared by the schema';
      break;
    case 'unevaluatedProperties':
      at += `/${params.unevaluatedProperty}`;
      detail = 'property not declared by the schema';
      break;
    case 'required':
      detail = `missing required property "${params.missingProperty}"`;
      break;
    case 'const':
      detail = `must be ${JSON.stringify(params.allowedValue)}`;
      break;
    case 'enum':
      detail = `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
      break;
    case 'type':
      detail = `must be ${params.type}`;
      break;
    case 'format':
      detail = `must be a valid "${params.format}"`;
      break;
    case 'discriminator':
      detail =
        params.error === 'tag'
          ? `"${params.tag}" must be a string`
          : `"${params.tag}": ${JSON.stringify(params.tagValue)} matches none of ${refNames(error.parentSchema?.oneOf)}`;
      break;
    case 'anyOf':
    case 'oneOf':
      detail = `matches none of ${refNames(error.schema)}`;
      break;
  }
  return `${definition} at ${at || '/'}: ${detail}`;
}

function check(
  version: SpecVersion,
  definition: string,
  value: unknown,
  basePath: string,
  options: SpecValidationOptions,
): string[] {
  if (!loadDocument(version).defs[definition]) {
    return [`${definition} is not defined in the ${version} schema`];
  }
  const validate = validatorFor(version, definition, options.closed === true);
  if (validate(value)) return [];
  const messages = (validate.errors ?? []).map((error) => formatError(definition, basePath, error));
  return [...new Set(messages)];
}

// ---------------------------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------------------------

/**
 * Validates `value` against one definition of one revision's schema.
 * @returns `[]` when valid; otherwise one readable line per problem, e.g.
 *   `Tool at /annotations/readOnlyHint: must be boolean`.
 */
export function validateDefinition(
  version: SpecVersion,
  definitionName: string,
  value: unknown,
  options: SpecValidationOptions = {},
): string[] {
  if (!isSpecVersion(version)) return [`unknown spec version ${JSON.stringify(version)}`];
  return check(version, definitionName, value, '', options);
}

/** Method → definition for the members of a union such as `ServerNotification` (undefined if absent). */
function unionMethods(version: SpecVersion, union: string): Map<string, string> | undefined {
  const doc = loadDocument(version);
  const def = doc.defs[union];
  if (!def) return undefined;
  const members = Array.isArray(def.anyOf) ? def.anyOf.map((member: SchemaNode) => refName(doc, member.$ref)) : [union];
  const methods = new Map<string, string>();
  for (const name of members) {
    const method = name ? doc.defs[name]?.properties?.method?.const : undefined;
    if (typeof method === 'string' && name) methods.set(method, name);
  }
  return methods;
}

/** The notifications a server may send in `version`: method → definition (from `ServerNotification`). */
export function serverNotificationDefinitions(version: SpecVersion): ReadonlyMap<string, string> {
  return unionMethods(version, 'ServerNotification') ?? new Map();
}

/** The requests a server may send in `version`: method → definition (from `ServerRequest`; none in 2026-07-28). */
export function serverRequestDefinitions(version: SpecVersion): ReadonlyMap<string, string> {
  return unionMethods(version, 'ServerRequest') ?? new Map();
}

/** The requests a client may send in `version`: method → definition (from `ClientRequest`). */
export function clientRequestDefinitions(version: SpecVersion): ReadonlyMap<string, string> {
  return unionMethods(version, 'ClientRequest') ?? new Map();
}

function has(value: SchemaNode, key: string): boolean {
  return Object.hasOwn(value, key);
}

/** Drops `jsonrpc`/`id` when the specific definition does not declare them (draft-07 revisions). */
function withoutEnvelope(version: SpecVersion, definition: string, message: SchemaNode): SchemaNode {
  const declared = loadDocument(version).defs[definition]?.properties ?? {};
  const copy = { ...message };
  if (!declared.jsonrpc) delete copy.jsonrpc;
  if (!declared.id) delete copy.id;
  return copy;
}

function envelopeName(version: SpecVersion, preferred: string, legacy: string): string {
  return loadDocument(version).defs[preferred] ? preferred : legacy;
}

/** A result definition that may answer `method` besides its usual one, chosen by the result's own fields. */
function alternativeResult(version: SpecVersion, resultDef: string, result: unknown): string | undefined {
  if (!isObject(result)) return undefined;
  const defs = loadDocument(version).defs;
  // 2026-07-28: tools/call, prompts/get and resources/read may answer `resultType: "input_required"`.
  if (result.resultType === 'input_required' && defs.InputRequiredResult) {
    const allowed = Object.values(defs).some((def) => {
      const members = refNames(def.properties?.result?.anyOf).split(', ');
      return members.includes('InputRequiredResult') && members.includes(resultDef);
    });
    return allowed ? 'InputRequiredResult' : undefined;
  }
  // 2025-11-25: a task-augmented tools/call answers with CreateTaskResult.
  if (resultDef === 'CallToolResult' && defs.CreateTaskResult && has(result, 'task') && !has(result, 'content')) {
    return 'CreateTaskResult';
  }
  return undefined;
}

function validateResponse(
  version: SpecVersion,
  message: SchemaNode,
  path: string,
  requestMethod: RequestMethodLookup | undefined,
  options: SpecValidationOptions,
): string[] {
  const envelope = envelopeName(version, 'JSONRPCResultResponse', 'JSONRPCResponse');
  const errors = check(version, envelope, message, path, options);
  const method = typeof requestMethod === 'string' ? requestMethod : requestMethod?.[String(message.id)];
  if (method === undefined) {
    return [...errors, `response${path ? ` at ${path}` : ''}: pass requestMethod to pick the result definition`];
  }
  if (!clientRequestDefinitions(version).has(method)) {
    return [...errors, `"${method}" is not a client request in ${version}, so no result is defined for it`];
  }
  const resultDef = RESULT_DEFINITIONS[method];
  if (!resultDef) return [...errors, `spec-schema helper has no result definition for "${method}" (${version})`];
  const chosen = alternativeResult(version, resultDef, message.result) ?? resultDef;
  return [...errors, ...check(version, chosen, message.result, `${path}/result`, options)];
}

function validateErrorResponse(
  version: SpecVersion,
  message: SchemaNode,
  path: string,
  options: SpecValidationOptions,
): string[] {
  const envelope = envelopeName(version, 'JSONRPCErrorResponse', 'JSONRPCError');
  const errors = check(version, envelope, message, path, options);
  // Error responses the revision defines for one code (URLElicitationRequiredError, ...).
  const code = isObject(message.error) ? message.error.code : undefined;
  for (const [name, def] of Object.entries(loadDocument(version).defs)) {
    const members = def.properties?.error?.allOf;
    if (Array.isArray(members) && members.some((m: SchemaNode) => m?.properties?.code?.const === code)) {
      errors.push(...check(version, name, message, path, options));
    }
  }
  return errors;
}

function validateOne(
  version: SpecVersion,
  message: unknown,
  path: string,
  requestMethod: RequestMethodLookup | undefined,
  options: SpecValidationOptions,
): string[] {
  const where = path || '/';
  if (!isObject(message)) return [`${where}: a JSON-RPC message must be an object`];
  if (has(message, 'method')) {
    const method = message.method;
    const isRequest = has(message, 'id');
    const kind = isRequest ? 'request' : 'notification';
    const envelope = isRequest ? 'JSONRPCRequest' : 'JSONRPCNotification';
    const errors = check(version, envelope, message, path, options);
    const table = isRequest ? serverRequestDefinitions(version) : serverNotificationDefinitions(version);
    const definition = typeof method === 'string' ? table.get(method) : undefined;
    if (!definition) {
      const known = [...table.keys()].join(', ') || 'none';
      errors.push(
        `${where}: ${JSON.stringify(method)} is not a server-to-client ${kind} in ${version} (defined: ${known})`,
      );
      return errors;
    }
    return [...errors, ...check(version, definition, withoutEnvelope(version, definition, message), path, options)];
  }
  if (has(message, 'result') && has(message, 'error')) {
    return [`${where}: a JSON-RPC response carries either "result" or "error", not both`];
  }
  if (has(message, 'result')) return validateResponse(version, message, path, requestMethod, options);
  if (has(message, 'error')) return validateErrorResponse(version, message, path, options);
  return [`${where}: not a JSON-RPC message (no "method", "result" or "error")`];
}

/**
 * Validates one message a server sends — or a batch, element by element — against the revision's
 * schema, choosing the specific definition:
 * - response with `result` → the JSON-RPC response envelope (`JSONRPCResponse`, from 2025-11-25
 *   `JSONRPCResultResponse`) and the result against the method's result definition
 *   (`RESULT_DEFINITIONS`; `InputRequiredResult` when a 2026-07-28 result says
 *   `resultType: "input_required"`; `CreateTaskResult` for a 2025-11-25 `tools/call` answered with a task);
 * - error response → `JSONRPCError` (from 2025-11-25 `JSONRPCErrorResponse`), plus a code-specific
 *   error definition when the revision has one (`URLElicitationRequiredError`, `UnsupportedProtocolVersionError`, ...);
 * - notification / server-to-client request → `JSONRPCNotification` / `JSONRPCRequest` and the
 *   member of `ServerNotification` / `ServerRequest` whose `method` matches.
 * A method the revision does not define is reported as an error.
 *
 * @param requestMethod the method of the request a response answers; for a batch of responses, a
 *   map from request id to method.
 * @returns `[]` when valid; otherwise readable lines such as
 *   `ListToolsResult at /result/tools/0: missing required property "inputSchema"`.
 */
export function validateServerMessage(
  version: SpecVersion,
  message: unknown,
  requestMethod?: RequestMethodLookup,
  options: SpecValidationOptions = {},
): string[] {
  if (!isSpecVersion(version)) return [`unknown spec version ${JSON.stringify(version)}`];
  if (!Array.isArray(message)) return validateOne(version, message, '', requestMethod, options);

  const errors: string[] = [];
  const union = loadDocument(version).defs.JSONRPCMessage?.anyOf;
  const batchMember = Array.isArray(union) && union.some((member: SchemaNode) => member?.type === 'array');
  if (!batchMember) errors.push(`JSON-RPC batches are not part of the ${version} schema`);
  if (message.length === 0) errors.push('an empty JSON-RPC batch is invalid');
  const responses = message.filter((m) => isObject(m) && !has(m, 'method')).length;
  if (batchMember && responses > 0 && responses < message.length) {
    errors.push(
      'a batch holds either responses (JSONRPCBatchResponse) or requests/notifications (JSONRPCBatchRequest)',
    );
  }
  message.forEach((element, index) => {
    errors.push(...validateOne(version, element, `/${index}`, requestMethod, options));
  });
  return errors;
}
