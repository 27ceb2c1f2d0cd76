// @Authorized at run time: whether a caller may use a primitive, and lists filtered per caller
// without rebuilding them: the cached list is filtered once per distinct set of relevant scopes.
import { type AuthInfo, InsufficientScopeError } from '@decorum/protocol';

/** What a primitive needs: undefined is public, `[]` any authenticated caller, else every scope listed. */
export type Requirement = readonly string[] | undefined;

/** Whether `auth` satisfies `required`. */
export function allows(auth: AuthInfo | undefined, required: Requirement): boolean {
  if (required === undefined) return true;
  if (auth === undefined) return false;
  const granted = auth.scopes ?? [];
  return required.every((scope) => granted.includes(scope));
}

/** Throws the step-up error when `auth` does not satisfy `required`. */
export function demand(auth: AuthInfo | undefined, required: Requirement, what: string): void {
  if (!allows(auth, required)) throw new InsufficientScopeError(required ?? [], what);
}

/** Distinct scope sets remembered per list; past it, lists are filtered per request (still correct). */
const MAX_CACHED = 64;

/**
 * Filters lists whose items have fixed requirements (given in list order). A list with no
 * requirement comes back as is; otherwise each distinct caller profile (authenticated or not,
 * plus the granted scopes that matter here) gets one filtered array, reused, so the engine's
 * shaped-list cache keeps working.
 */
export class ScopeFilter<T> {
  private readonly relevant: ReadonlySet<string>;
  private readonly protectedAny: boolean;
  private readonly cache = new WeakMap<readonly T[], Map<string, readonly T[]>>();

  constructor(private readonly requirements: readonly Requirement[]) {
    this.protectedAny = requirements.some((r) => r !== undefined);
    this.relevant = new Set(requirements.flatMap((r) => r ?? []));
  }

  /** The items of `list` (aligned with the requirements) that `auth` may use. */
  filter(list: readonly T[], auth: AuthInfo | undefined): readonly T[] {
    if (!this.protectedAny) return list;
    const granted = (auth?.scopes ?? []).filter((s) => this.relevant.has(s));
    const key = `${auth === undefined ? '-' : '+'}${[...new Set(granted)].sort().join(' ')}`;
    let byKey = this.cache.get(list);
    if (byKey === undefined) {
      byKey = new Map();
      this.cache.set(list, byKey);
    }
    const cached = byKey.get(key);
    if (cached !== undefined) return cached;
    const filtered = list.filter((_, i) => allows(auth, this.requirements[i]));
    if (byKey.size < MAX_CACHED) byKey.set(key, filtered);
    return filtered;
  }
}
