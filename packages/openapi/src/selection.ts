// Which operations become tools, and under which names.
import type { OperationInfo } from './operations.js';

/**
 * Matches operations. Every key given must match (AND); a list matches when any entry does (OR).
 * `path` entries are globs over the path template: `*` stays within a segment, `**` crosses segments
 * (`/pets/*` matches `/pets/{petId}`, `/admin/**` everything under `/admin/`).
 * @example
 * { tag: 'pets', method: ['get', 'post'] } // GET and POST operations tagged "pets"
 */
export interface OperationFilter {
  operationId?: string | string[];
  tag?: string | string[];
  /** Case-insensitive. */
  method?: string | string[];
  path?: string | string[];
}

/** A filter, a list of filters (any may match), or a predicate. */
export type OperationSelector = OperationFilter | OperationFilter[] | ((operation: OperationInfo) => boolean);

const list = (value: string | string[] | undefined) => (value === undefined ? undefined : [value].flat());
const escapeRe = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/** A path glob as a regular expression (`**` any characters, `*` any but `/`). */
export function globToRegExp(glob: string): RegExp {
  const source = glob
    .split('**')
    .map((part) => part.split('*').map(escapeRe).join('[^/]*'))
    .join('.*');
  return new RegExp(`^${source}$`);
}

/** A selector as a predicate (globs compiled once). */
export function compileSelector(selector: OperationSelector): (operation: OperationInfo) => boolean {
  if (typeof selector === 'function') return selector;
  const filters = (Array.isArray(selector) ? selector : [selector]).map(compileFilter);
  return (operation) => filters.some((matches) => matches(operation));
}

function compileFilter(filter: OperationFilter): (operation: OperationInfo) => boolean {
  const ids = list(filter.operationId);
  const tags = list(filter.tag);
  const methods = list(filter.method)?.map((m) => m.toLowerCase());
  const paths = list(filter.path)?.map(globToRegExp);
  return (op) =>
    (ids === undefined || (op.operationId !== undefined && ids.includes(op.operationId))) &&
    (tags === undefined || op.tags.some((t) => tags.includes(t))) &&
    (methods === undefined || methods.includes(op.method)) &&
    (paths === undefined || paths.some((re) => re.test(op.path)));
}

/**
 * A valid MCP tool name (`[A-Za-z0-9_.-]`, at most 128 characters) for an operation: its `operationId`,
 * else method and path (`GET /pets/{petId}` → `get_pets_petId`), other characters replaced by `_`.
 */
export function defaultToolName(op: OperationInfo): string {
  const raw = op.operationId ?? `${op.method}_${op.path}`;
  return sanitizeToolName(raw);
}

/** `raw` with characters tool names may not hold replaced by `_`, runs collapsed, cut to 128. */
export function sanitizeToolName(raw: string): string {
  const name = raw
    .replace(/[^A-Za-z0-9_.-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '');
  return (name === '' ? 'operation' : name).slice(0, 128);
}

/** Makes every name distinct by numbering repeats (`list_2`), keeping each within 128 characters. */
export function distinctNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; used.has(candidate); n++) candidate = `${name.slice(0, 128 - String(n).length - 1)}_${n}`;
    used.add(candidate);
    return candidate;
  });
}
