// Transforms change how a primitive is shown and called without touching the primitive: the list
// item clients see is rewritten, and a call's name and arguments are mapped back before it reaches
// the real handler (own or mounted). Compiled once per table; applying one is a few object copies.
import type { JsonObject } from '@decorum/protocol';

/** How one argument of a tool or prompt is shown and filled. */
export interface ArgumentTransform {
  /** Always sent with this value; removed from the schema clients see (a value they send is replaced). */
  fixed?: unknown;
  /** Sent when the client leaves the argument out; shown as the schema's `default`, and no longer required. */
  default?: unknown;
  /** Shown (and accepted) under this name; the handler still receives the original one. */
  name?: string;
  /** Replaces the argument's description. */
  description?: string;
}

/** What the shown side of a primitive may change. */
interface ShownTransform {
  /** Not listed, and not callable by its name. */
  hidden?: boolean;
  /** Listed and called under this name instead. */
  name?: string;
  title?: string;
  description?: string;
}

/** Changes one tool: name, description, annotations (merged), arguments. */
export interface ToolTransform extends ShownTransform {
  /** Merged over the tool's own annotations (`readOnlyHint`, `destructiveHint`, …). */
  annotations?: JsonObject;
  /** Per argument (by its original name): fix it, default it, rename it, describe it. */
  arguments?: Record<string, ArgumentTransform>;
}

/** Changes one prompt; prompt arguments are strings, so fixed and default values should be too. */
export interface PromptTransform extends ShownTransform {
  arguments?: Record<string, ArgumentTransform>;
}

/** Changes one resource or resource template (keyed by its URI or URI template); it keeps its URI. */
export interface ResourceTransform {
  hidden?: boolean;
  name?: string;
  title?: string;
  description?: string;
}

/**
 * Transforms over an app's primitives, own and mounted, keyed by the name (or URI) they have before
 * the transform — for a mounted one, the prefixed name.
 * @example
 * { tools: { gh_delete_repo: { hidden: true }, gh_search: { name: 'search', arguments: { owner: { fixed: 'acme' } } } } }
 */
export interface Transforms {
  tools?: Record<string, ToolTransform>;
  prompts?: Record<string, PromptTransform>;
  resources?: Record<string, ResourceTransform>;
}

const own = Object.prototype.hasOwnProperty;

/** One table of named transforms: list items rewritten, shown names mapped back to the original. */
export class NameTransforms<T extends ShownTransform> {
  private readonly byShown = new Map<string, string>();
  private readonly renamed = new Set<string>();

  constructor(readonly table: Readonly<Record<string, T>> = {}) {
    for (const [original, transform] of Object.entries(table)) {
      if (transform.hidden) continue;
      if (transform.name !== undefined && transform.name !== original) {
        this.byShown.set(transform.name, original);
        this.renamed.add(original);
      }
    }
  }

  /** The transform of `original`, if any. */
  of(original: string): T | undefined {
    return own.call(this.table, original) ? this.table[original] : undefined;
  }

  /** The name a primitive is shown under, or undefined when it is hidden. */
  shown(original: string): string | undefined {
    const transform = this.of(original);
    if (transform?.hidden) return undefined;
    return transform?.name ?? original;
  }

  /** The original name behind a shown one, or undefined when no primitive is shown under `name`. */
  original(name: string): string | undefined {
    const original = this.byShown.get(name);
    if (original !== undefined) return original;
    if (this.renamed.has(name) || this.of(name)?.hidden) return undefined;
    return name;
  }
}

/** The schema clients see once `args` are applied: fixed ones gone, defaults shown, renames done. */
export function transformSchema(schema: JsonObject, args: Readonly<Record<string, ArgumentTransform>>): JsonObject {
  const properties = (schema.properties ?? {}) as Record<string, JsonObject>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const shownProperties: Record<string, JsonObject> = {};
  const shownRequired: string[] = [];
  for (const [name, property] of Object.entries(properties)) {
    const arg = own.call(args, name) ? args[name] : undefined;
    if (arg !== undefined && own.call(arg, 'fixed')) continue;
    const shownName = arg?.name ?? name;
    const shown: JsonObject = { ...property };
    if (arg?.description !== undefined) shown.description = arg.description;
    if (arg !== undefined && own.call(arg, 'default')) shown.default = arg.default;
    shownProperties[shownName] = shown;
    if (required.has(name) && !(arg !== undefined && own.call(arg, 'default'))) shownRequired.push(shownName);
  }
  const { required: _required, ...rest } = schema;
  return { ...rest, properties: shownProperties, ...(shownRequired.length > 0 && { required: shownRequired }) };
}

/** A call's arguments mapped back to the handler's names, with defaults filled and fixed values set. */
export function transformArguments<V>(
  sent: Readonly<Record<string, V>>,
  args: Readonly<Record<string, ArgumentTransform>>,
): Record<string, V> {
  const out: Record<string, V> = {};
  const byShown = new Map<string, string>();
  for (const [name, arg] of Object.entries(args)) if (arg.name !== undefined) byShown.set(arg.name, name);
  for (const [name, value] of Object.entries(sent)) {
    const original = byShown.get(name) ?? name;
    // A renamed argument is accepted only under its new name: the old one is unknown to the client.
    const renamed = own.call(args, name) ? args[name]?.name : undefined;
    if (original === name && renamed !== undefined && renamed !== name) continue;
    put(out, original, value);
  }
  for (const [name, arg] of Object.entries(args)) {
    if (own.call(arg, 'fixed')) put(out, name, arg.fixed as V);
    else if (own.call(arg, 'default') && !own.call(out, name)) put(out, name, arg.default as V);
  }
  return out;
}

/** Sets an own property, whatever its name: a client's `__proto__` argument stays an argument. */
function put<V>(target: Record<string, V>, key: string, value: V): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** A list item with the shown fields of its transform (the name field given). */
export function shownItem<I extends { name: string; title?: string; description?: string }>(
  item: I,
  transform: ShownTransform | undefined,
  nameField: 'name' | null = 'name',
): I {
  if (transform === undefined) return item;
  const out = { ...item };
  if (nameField !== null && transform.name !== undefined) out.name = transform.name;
  if (transform.title !== undefined) out.title = transform.title;
  if (transform.description !== undefined) out.description = transform.description;
  return out;
}
