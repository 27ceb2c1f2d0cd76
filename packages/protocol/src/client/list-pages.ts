import type { JsonObject } from '../engine/types.js';
import type { ClientRequestOptions } from './client-types.js';

/** One page of a list. */
export interface ListPage<T> {
  items: T[];
  nextCursor?: string;
}

/** What pages are read through: the client's era-aware request. */
interface Requester {
  request(method: string, params: JsonObject, options?: ClientRequestOptions): Promise<JsonObject>;
}

/** One page of a list method (`key` names the array in the result). */
export async function listPage<T>(
  client: Requester,
  method: string,
  key: string,
  cursor: string | undefined,
  options?: ClientRequestOptions,
): Promise<ListPage<T>> {
  const result = await client.request(method, cursor === undefined ? {} : { cursor }, options);
  const page: ListPage<T> = { items: (result[key] ?? []) as T[] };
  if (typeof result.nextCursor === 'string' && result.nextCursor !== '') page.nextCursor = result.nextCursor;
  return page;
}

/** Every page of a list method, in order. */
export async function listAll<T>(
  client: Requester,
  method: string,
  key: string,
  options?: ClientRequestOptions,
): Promise<T[]> {
  const items: T[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  do {
    const page: ListPage<T> = await listPage<T>(client, method, key, cursor, options);
    items.push(...page.items);
    cursor = page.nextCursor;
    // A server that hands the same cursor back would keep us here forever.
    if (cursor !== undefined && seen.has(cursor)) break;
    if (cursor !== undefined) seen.add(cursor);
  } while (cursor !== undefined);
  return items;
}
