// Decorators record plain data as own properties of the decorated class, under these Symbol keys:
// no registry outside the class, so two apps (or a hot reload) never see each other's classes.
import type { Class, CompleteRecord, FieldOptions, MemberRecord, ParamSpec } from './types.js';

const MEMBERS = Symbol('decorum.members');
const PARAMS = Symbol('decorum.params');
const COMPLETIONS = Symbol('decorum.completions');
const GUARDS = Symbol('decorum.guards');
const INTERCEPTORS = Symbol('decorum.interceptors');
const SCOPES = Symbol('decorum.scopes');
const FIELDS = Symbol('decorum.fields');

type Bag = Record<symbol, unknown>;

/** The own (not inherited) list under `key` on `target`, created on first use. */
function ownList<T>(target: object, key: symbol): T[] {
  const bag = target as Bag;
  if (!Object.hasOwn(bag, key)) {
    Object.defineProperty(bag, key, { value: [], enumerable: false, configurable: true });
  }
  return bag[key] as T[];
}

function ownMap<T>(target: object, key: symbol): Map<string, T> {
  const bag = target as Bag;
  if (!Object.hasOwn(bag, key)) {
    Object.defineProperty(bag, key, { value: new Map(), enumerable: false, configurable: true });
  }
  return bag[key] as Map<string, T>;
}

/** @internal */
export function recordMember(ctor: Function, record: MemberRecord): void {
  ownList<MemberRecord>(ctor, MEMBERS).push(record);
}

/** @internal */
export function recordParam(ctor: Function, method: string, spec: ParamSpec): void {
  const byMethod = ownMap<ParamSpec[]>(ctor, PARAMS);
  const list = byMethod.get(method) ?? [];
  list.push(spec);
  byMethod.set(method, list);
}

/** @internal */
export function recordCompletion(ctor: Function, record: CompleteRecord): void {
  ownList<CompleteRecord>(ctor, COMPLETIONS).push(record);
}

// Guards and interceptors are stored as given: what they are is the runtime's business, not this layer's.

/** @internal method '' = the whole class */
export function recordGuards(ctor: Function, method: string, guards: readonly unknown[]): void {
  const map = ownMap<unknown[]>(ctor, GUARDS);
  map.set(method, [...(map.get(method) ?? []), ...guards]);
}

/** @internal method '' = the whole class */
export function recordInterceptors(ctor: Function, method: string, interceptors: readonly unknown[]): void {
  const map = ownMap<unknown[]>(ctor, INTERCEPTORS);
  map.set(method, [...(map.get(method) ?? []), ...interceptors]);
}

/** @internal Several `@Field` on one property merge; decorators apply bottom-up, so the one written first wins. */
export function recordField(ctor: Function, property: string, options: FieldOptions): void {
  const map = ownMap<FieldOptions>(ctor, FIELDS);
  map.set(property, { ...map.get(property), ...options });
}

/** The classes from `cls` up its prototype chain, base class first. */
export function classChain(cls: Function): Function[] {
  const chain: Function[] = [];
  for (let c: Function | null = cls; c && c !== Function.prototype && c !== Object; c = Object.getPrototypeOf(c)) {
    chain.unshift(c);
  }
  return chain;
}

const own = <T>(ctor: Function, key: symbol): T | undefined =>
  Object.hasOwn(ctor, key) ? ((ctor as unknown as Bag)[key] as T) : undefined;

/** Decorated members of a class and its ancestors (a subclass's record of a method wins). */
export function readMembers(cls: Class): MemberRecord[] {
  const byMethod = new Map<string, MemberRecord[]>();
  for (const ctor of classChain(cls)) {
    const records = own<MemberRecord[]>(ctor, MEMBERS) ?? [];
    const methods = new Set(records.map((r) => r.method));
    for (const method of methods)
      byMethod.set(
        method,
        records.filter((r) => r.method === method),
      );
  }
  return [...byMethod.values()].flat();
}

/** Parameter specs of a method (from the class that declares the decorated method, or an ancestor). */
export function readParams(cls: Class, method: string): ParamSpec[] {
  for (const ctor of classChain(cls).reverse()) {
    const specs = own<Map<string, ParamSpec[]>>(ctor, PARAMS)?.get(method);
    if (specs) return [...specs].sort((a, b) => a.index - b.index);
  }
  return [];
}

/** `@Complete` records of a class and its ancestors. */
export function readCompletions(cls: Class): CompleteRecord[] {
  return classChain(cls).flatMap((ctor) => own<CompleteRecord[]>(ctor, COMPLETIONS) ?? []);
}

/** Guards for a method: class-level (ancestors first) then method-level. */
export function readGuards(cls: Class, method: string): unknown[] {
  return classChain(cls).flatMap((ctor) => {
    const map = own<Map<string, unknown[]>>(ctor, GUARDS);
    return [...(map?.get('') ?? []), ...(map?.get(method) ?? [])];
  });
}

/** Interceptors for a method: class-level (ancestors first) then method-level. */
export function readInterceptors(cls: Class, method: string): unknown[] {
  return classChain(cls).flatMap((ctor) => {
    const map = own<Map<string, unknown[]>>(ctor, INTERCEPTORS);
    return [...(map?.get('') ?? []), ...(map?.get(method) ?? [])];
  });
}

/** The `@Field` records of a class and its ancestors, by property name (a subclass's record wins). */
export function readFields(cls: Function): Map<string, FieldOptions> {
  const merged = new Map<string, FieldOptions>();
  for (const ctor of classChain(cls)) {
    for (const [property, options] of own<Map<string, FieldOptions>>(ctor, FIELDS) ?? []) merged.set(property, options);
  }
  return merged;
}

/** @internal method '' = the whole class; an empty list still marks the method as needing a caller */
export function recordScopes(ctor: Function, method: string, scopes: readonly string[]): void {
  const map = ownMap<string[]>(ctor, SCOPES);
  map.set(method, [...(map.get(method) ?? []), ...scopes]);
}

/**
 * The scopes `@Authorized` asks for a method (class-level, ancestors, method-level, all of them),
 * or undefined when nothing marks it: undefined is public, `[]` needs an authenticated caller.
 */
export function readScopes(cls: Class, method: string): string[] | undefined {
  let found: string[] | undefined;
  for (const ctor of classChain(cls)) {
    const map = own<Map<string, string[]>>(ctor, SCOPES);
    for (const key of ['', method]) {
      const scopes = map?.get(key);
      if (scopes !== undefined) found = [...new Set([...(found ?? []), ...scopes])];
    }
  }
  return found;
}
