// SEP-2243 (2026-07-28, Streamable HTTP "Custom Headers from Tool Parameters"): a client MUST exclude from
// `tools/list` every tool whose `x-mcp-header` annotations break the rules, so that one malformed definition never
// makes the client send a header an intermediary would misread.
import type { EngineLogger } from '../engine/logger.js';
import type { JsonObject, ToolDefinition } from '../engine/types.js';

/** A transport that wants the tool list (modern HTTP mirrors `x-mcp-header` arguments into headers). */
export interface ToolAware {
  rememberTools?(tools: readonly ToolDefinition[]): void;
}

// RFC 9110 §5.6.2 tchar: the only characters a field name may hold.
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
// Keywords whose value is one subschema, or a map / list of subschemas (not `properties`: it is the static path).
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];
const MAP = ['$defs', 'definitions', 'patternProperties', 'dependentSchemas'];
const LIST = ['oneOf', 'anyOf', 'allOf', 'prefixItems', 'items'];
// Deeper than this is not a tool a client should trust either.
const MAX_DEPTH = 64;

const isObject = (value: unknown): value is JsonObject =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function primitiveOnly(schema: JsonObject): boolean {
  const { type } = schema;
  if (typeof type === 'string') return PRIMITIVE.has(type);
  if (type !== undefined) return false;
  // No type: only an enum or const whose values are all strings, booleans or safe integers says what it is.
  const values = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined;
  return (
    values !== undefined &&
    values.length > 0 &&
    values.every((v) => typeof v === 'string' || typeof v === 'boolean' || Number.isSafeInteger(v))
  );
}

/**
 * Why a tool's `x-mcp-header` annotations are invalid (empty, not a token, on a type other than string, integer or
 * boolean, not reachable through `properties` alone, or the same name twice ignoring case); undefined when valid.
 * @example headerAnnotationProblem({ name: 't', inputSchema: { type: 'object', properties: { a: { type: 'object', 'x-mcp-header': 'A' } } } })
 */
export function headerAnnotationProblem(tool: ToolDefinition): string | undefined {
  const seen = new Set<string>();
  const visit = (schema: unknown, path: string, statik: boolean, depth: number): string | undefined => {
    if (!isObject(schema)) return undefined;
    if (depth > MAX_DEPTH) return `the input schema is nested deeper than ${MAX_DEPTH} levels`;
    if ('x-mcp-header' in schema) {
      const name = schema['x-mcp-header'];
      const where = path === '' ? 'the schema root' : `"${path}"`;
      if (!statik || path === '') return `x-mcp-header on ${where} is not reachable through properties alone`;
      if (typeof name !== 'string' || name === '') return `x-mcp-header on ${where} is empty or not a string`;
      if (!TOKEN.test(name)) return `x-mcp-header ${JSON.stringify(name)} on ${where} is not an HTTP field-name token`;
      if (!primitiveOnly(schema)) return `x-mcp-header on ${where} is not on a string, integer or boolean`;
      const key = name.toLowerCase();
      if (seen.has(key)) return `x-mcp-header ${JSON.stringify(name)} is used twice (names are case-insensitive)`;
      seen.add(key);
    }
    if (isObject(schema.properties)) {
      for (const [key, child] of Object.entries(schema.properties)) {
        const found = visit(child, path === '' ? key : `${path}.${key}`, statik, depth + 1);
        if (found) return found;
      }
    }
    const children: unknown[] = [];
    for (const k of ONE) if (isObject(schema[k])) children.push(schema[k]);
    for (const k of LIST) if (Array.isArray(schema[k])) children.push(...(schema[k] as unknown[]));
    for (const k of MAP) if (isObject(schema[k])) children.push(...Object.values(schema[k] as JsonObject));
    for (const child of children) {
      const found = visit(child, path === '' ? '(nested)' : `${path}.(nested)`, false, depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return visit(tool.inputSchema, '', true, 0);
}

/**
 * The tools whose `x-mcp-header` annotations are valid; each one left out is warned about with the reason.
 * @example const kept = validHeaderTools(tools, consoleLogger);
 */
export function validHeaderTools(tools: readonly ToolDefinition[], logger: EngineLogger): ToolDefinition[] {
  return tools.filter((tool) => {
    const problem = headerAnnotationProblem(tool);
    if (problem !== undefined) logger.warn(`Tool "${tool.name}" left out of tools/list: ${problem}`);
    return problem === undefined;
  });
}
