// A composed list is the same array while its parts are: the engine caches its version-shaped copy
// per array instance, so a composed tools/list costs an identity check per part, not a rebuild.

/** Remembers the list built from parts, by the identity of each part. */
export class ListCache<P extends object, T> {
  private readonly byFirst = new WeakMap<P, { rest: readonly P[]; list: readonly T[] }>();

  constructor(private readonly build: (parts: readonly P[]) => readonly T[]) {}

  /** The list built from `parts`, rebuilt only when one of them is a different array. */
  get(parts: readonly P[]): readonly T[] {
    const [first, ...rest] = parts;
    if (first === undefined) return this.build(parts);
    const hit = this.byFirst.get(first);
    if (hit !== undefined && hit.rest.length === rest.length && hit.rest.every((p, i) => p === rest[i]))
      return hit.list;
    const list = this.build(parts);
    this.byFirst.set(first, { rest, list });
    return list;
  }
}
