// Cache hints of the modern era (2026-07-28): how long a client may reuse a result, and with whom.

/** Methods whose results carry cache hints. */
export type CacheableMethod =
  | 'server/discover'
  | 'tools/list'
  | 'prompts/list'
  | 'resources/list'
  | 'resources/templates/list'
  | 'resources/read'
  | 'skills/list'
  | 'skills/get';

/** A cache hint: how long a client may reuse a result, and whether across users. */
export interface CacheHint {
  readonly ttlMs: number;
  readonly cacheScope: 'public' | 'private';
}

const hint = (ttlMs: number, cacheScope: CacheHint['cacheScope']): CacheHint => Object.freeze({ ttlMs, cacheScope });

/**
 * Default cache hints: lists for a minute (clients that listen hear about changes sooner), reads
 * never. Frozen: override per server with the `modern.cacheHints` option, never by mutation.
 */
export const DEFAULT_CACHE_HINTS: Readonly<Record<CacheableMethod, CacheHint>> = Object.freeze({
  'server/discover': hint(300_000, 'public'),
  'tools/list': hint(60_000, 'public'),
  'prompts/list': hint(60_000, 'public'),
  'resources/list': hint(60_000, 'public'),
  'resources/templates/list': hint(60_000, 'public'),
  'resources/read': hint(0, 'private'),
  // The Skills extension (SEP-2640): digests change only with the files, so a listing keeps a while.
  'skills/list': hint(300_000, 'public'),
  'skills/get': hint(300_000, 'public'),
});

/** True for a method whose result carries cache hints. */
export const isCacheable = (method: string): method is CacheableMethod => Object.hasOwn(DEFAULT_CACHE_HINTS, method);
