import { schemeOf, UriTemplate } from './uri-template.js';
import { UriTemplateConflictError } from './uri-template-error.js';
import type { UriTemplateParams } from './uri-template-matcher.js';
import { compareSpecificity, type SpecificityKey, skeletonOf, specificityKey } from './uri-template-specificity.js';

/** The template a URI resolved to, its value, and the matched parameters. */
export interface UriTemplateRouteMatch<T> {
  readonly value: T;
  readonly template: UriTemplate;
  readonly params: UriTemplateParams;
}

interface Entry<T> {
  readonly template: UriTemplate;
  readonly value: T;
  readonly key: SpecificityKey;
  /** Declaration order, the last tie-breaker. */
  readonly order: number;
  /** Position in the overall specificity order; renumbered on every add. */
  rank: number;
}

const NONE: readonly never[] = Object.freeze([]);

function compareEntries<T>(a: Entry<T>, b: Entry<T>): number {
  return (
    compareSpecificity(a.key, b.key) || a.template.variables.length - b.template.variables.length || a.order - b.order
  );
}

/**
 * Resolves URIs to values (resource-template handlers) by RFC 6570 templates, most specific template
 * first: literal lengths compared position by position (a longer literal wins), then expression
 * looseness position by position (`{id:3}` before `{id}` before `{id*}` before `{+id}`), then fewer
 * variables, then declaration order. Templates are indexed by scheme; a URI is only tried against templates of
 * its scheme and templates without a fixed one. Adding a template equivalent to one already present
 * throws a `UriTemplateConflictError`.
 * @example
 * const router = new UriTemplateRouter<string>();
 * router.add('file:///{+path}', 'any file');
 * router.add('file:///docs/{name}', 'a doc');
 * router.match('file:///docs/readme')?.value; // 'a doc'
 * router.match('file:///src/a.ts')?.params;   // { path: 'src/a.ts' }
 */
export class UriTemplateRouter<T> {
  readonly #sorted: Entry<T>[] = [];
  readonly #bySkeleton = new Map<string, Entry<T>>();
  readonly #byScheme = new Map<string, Entry<T>[]>();
  readonly #anyScheme: Entry<T>[] = [];

  /** Number of templates added. */
  get size(): number {
    return this.#sorted.length;
  }

  /**
   * Adds a template (a string is parsed, and may throw a `UriTemplateError`) and returns it parsed.
   * Throws a `UriTemplateError` (`UNMATCHABLE`) for a template no URI can match, and a
   * `UriTemplateConflictError` naming both templates when an equivalent one is present.
   */
  add(template: string | UriTemplate, value: T): UriTemplate {
    const parsed = typeof template === 'string' ? new UriTemplate(template) : template;
    parsed.assertMatchable();
    const skeleton = skeletonOf(parsed.parts);
    const existing = this.#bySkeleton.get(skeleton);
    if (existing) throw new UriTemplateConflictError(existing.template.template, parsed.template);
    const entry: Entry<T> = {
      template: parsed,
      value,
      key: specificityKey(parsed.parts),
      order: this.#sorted.length,
      rank: 0,
    };
    this.#bySkeleton.set(skeleton, entry);
    let index = this.#sorted.length;
    while (index > 0 && compareEntries(entry, this.#sorted[index - 1]) < 0) index--;
    this.#sorted.splice(index, 0, entry);
    this.#sorted.forEach((e, rank) => {
      e.rank = rank;
    });
    let bucket = this.#anyScheme;
    if (parsed.scheme !== undefined) {
      bucket = this.#byScheme.get(parsed.scheme) ?? [];
      this.#byScheme.set(parsed.scheme, bucket);
    }
    bucket.push(entry);
    bucket.sort((a, b) => a.rank - b.rank);
    return parsed;
  }

  /** The most specific template matching `uri`, with its value and parameters; `undefined` if none. */
  match(uri: string): UriTemplateRouteMatch<T> | undefined {
    const scheme = schemeOf(uri);
    const specific = (scheme !== undefined && this.#byScheme.get(scheme)) || NONE;
    const any = this.#anyScheme;
    // Merge the two rank-sorted buckets so the overall specificity order holds across them.
    let a = 0;
    let b = 0;
    while (a < specific.length || b < any.length) {
      const entry =
        b >= any.length || (a < specific.length && specific[a].rank < any[b].rank) ? specific[a++] : any[b++];
      const params = entry.template.match(uri);
      if (params) return { value: entry.value, template: entry.template, params };
    }
    return undefined;
  }
}
