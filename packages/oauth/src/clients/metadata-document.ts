import { type OAuthStore, readJson } from '../store/oauth-store.js';
import { ClientError, type ClientRecord } from './client-record.js';
import { redirectUriProblem } from './redirect-uri.js';

/** What a {@link DocumentFetcher} answers. */
export interface FetchedDocument {
  status: number;
  /** The body as text (at most `maxBytes`). */
  body: string;
  /** Seconds the answer may be cached (from `Cache-Control`), when it said. */
  maxAgeSeconds?: number;
  /** True when the answer forbade caching (`no-store`). */
  noStore?: boolean;
}

/**
 * Fetches a client ID metadata document. It must refuse private and loopback addresses (unless in a
 * documented dev mode), stop past `maxBytes` and `timeoutMs`, and not follow redirects. The Node
 * implementation is `nodeDocumentFetcher` in `@decorum/oauth/node` (what the server uses by default on Node).
 */
export type DocumentFetcher = (url: URL, limits: { maxBytes: number; timeoutMs: number }) => Promise<FetchedDocument>;

/** Options of client ID metadata documents. */
export interface MetadataDocumentOptions {
  /** The fetcher; default: `nodeDocumentFetcher()` loaded on first use (Node only). */
  fetch?: DocumentFetcher;
  /** Largest document, in bytes. Default 5 120 (the draft's recommendation). */
  maxBytes?: number;
  /** Fetch deadline, in ms. Default 5 000. */
  timeoutMs?: number;
  /** Cache lifetime when the answer says nothing, in seconds. Default 300; capped at `maxCacheSeconds`. */
  defaultCacheSeconds?: number;
  /** Longest cache lifetime honoured, in seconds. Default 86 400. */
  maxCacheSeconds?: number;
}

/**
 * Why `clientId` cannot be a metadata document URL, or undefined: https, a path, no fragment, no credentials,
 * no dot segments (draft-ietf-oauth-client-id-metadata-document §3).
 */
export function metadataUrlProblem(clientId: string): string | undefined {
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return 'is not a URL';
  }
  if (url.protocol !== 'https:') return 'is not an https URL';
  if (url.pathname === '/' || url.pathname === '') return 'has no path';
  if (url.hash !== '' || clientId.includes('#')) return 'has a fragment';
  if (url.username !== '' || url.password !== '') return 'carries credentials';
  if (/\/\.\.?(\/|$)/.test(clientId.replace(/^https:\/\/[^/]*/, ''))) return 'has dot segments';
  return undefined;
}

/** Whether a client id is a URL (and so must be a metadata document). */
export const isUrlClientId = (clientId: string): boolean => /^https?:\/\//i.test(clientId);

/** Reads a client's metadata document (from the cache when fresh) and checks it. */
export async function loadMetadataDocument(
  clientId: string,
  store: OAuthStore,
  options: MetadataDocumentOptions,
  fallbackFetch: () => Promise<DocumentFetcher>,
): Promise<ClientRecord> {
  const problem = metadataUrlProblem(clientId);
  if (problem !== undefined) throw new ClientError('invalid_client', `the client id ${problem}`);
  const cacheKey = `cimd:${clientId}`;
  const cached = await readJson<ClientRecord>(store, cacheKey);
  if (cached !== undefined) return cached;
  const fetcher = options.fetch ?? (await fallbackFetch());
  let fetched: FetchedDocument;
  try {
    fetched = await fetcher(new URL(clientId), {
      maxBytes: options.maxBytes ?? 5120,
      timeoutMs: options.timeoutMs ?? 5000,
    });
  } catch (error) {
    const why = error instanceof Error ? error.message : 'it could not be fetched';
    throw new ClientError('invalid_client', `the client metadata document was refused: ${why}`);
  }
  if (fetched.status !== 200)
    throw new ClientError('invalid_client', `the client metadata document answered HTTP ${fetched.status}`);
  const record = checkDocument(clientId, fetched.body);
  const ttl = fetched.noStore
    ? 0
    : Math.min(fetched.maxAgeSeconds ?? options.defaultCacheSeconds ?? 300, options.maxCacheSeconds ?? 86_400);
  if (ttl > 0) await store.set(cacheKey, JSON.stringify(record), ttl);
  return record;
}

function checkDocument(clientId: string, body: string): ClientRecord {
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(body) as Record<string, unknown>;
  } catch {
    throw new ClientError('invalid_client', 'the client metadata document is not JSON');
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    throw new ClientError('invalid_client', 'the client metadata document is not a JSON object');
  if (doc.client_id !== clientId)
    throw new ClientError('invalid_client', 'the client metadata document names another client_id');
  const method = doc.token_endpoint_auth_method ?? 'none';
  if (method !== 'none' || 'client_secret' in doc)
    throw new ClientError('invalid_client', 'a client metadata document client is public: no client secret');
  const uris = doc.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0 || !uris.every((u) => typeof u === 'string'))
    throw new ClientError('invalid_client', 'the client metadata document lists no redirect_uris');
  for (const uri of uris as string[]) {
    const problem = redirectUriProblem(uri);
    if (problem !== undefined) throw new ClientError('invalid_client', `a redirect URI of the document ${problem}`);
  }
  const text = (v: unknown, max = 200) => (typeof v === 'string' && v.length <= max ? v : undefined);
  return {
    client_id: clientId,
    client_name: text(doc.client_name),
    client_uri: text(doc.client_uri, 2000),
    logo_uri: text(doc.logo_uri, 2000),
    redirect_uris: uris as string[],
    token_endpoint_auth_method: 'none',
    scope: text(doc.scope, 2000),
    source: 'metadata-document',
  };
}
