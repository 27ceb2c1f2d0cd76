// The Server Card's HTTP side, beside the card (server-card.ts) rather than in the ingress: the card at
// `<endpoint>/server-card` and an AI Catalog entry pointing at it at `/.well-known/ai-catalog.json`, both
// public (no auth), CORS-open, cacheable with a strong ETag. The Streamable HTTP handler asks it first;
// it knows the ingress only by its input and reply types (http/http-input.ts), so nothing loops back.
import type { ProtocolServer } from '../engine/server.js';
import type { HttpInput, PlainReply } from '../http/http-input.js';
import {
  AI_CATALOG_MEDIA_TYPE,
  AI_CATALOG_PATH,
  aiCatalogOf,
  checkCardName,
  SERVER_CARD_MEDIA_TYPE,
  type ServerCardOptions,
  serverCardOf,
} from './server-card.js';

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET',
  'Access-Control-Allow-Headers': 'Content-Type, If-None-Match',
  'Access-Control-Expose-Headers': 'ETag',
};

/** Serves the card and the catalog beside an MCP endpoint; `reply` answers only their paths. */
export class ServerCardEndpoint {
  private readonly cardPath: string;

  constructor(
    private readonly server: ProtocolServer,
    private readonly endpointPath: string,
    private readonly options: ServerCardOptions,
  ) {
    checkCardName(options.name);
    this.cardPath = `${endpointPath.replace(/\/$/, '')}/server-card`;
  }

  /** The answer for the card's or the catalog's path, else undefined (the request is the endpoint's). */
  reply(input: HttpInput): PlainReply | undefined {
    const catalog = input.pathname === AI_CATALOG_PATH && this.options.catalog !== false;
    if (input.pathname !== this.cardPath && !catalog) return undefined;
    if (input.method === 'OPTIONS')
      return { status: 204, headers: { ...CORS, 'Access-Control-Max-Age': '86400' }, body: null };
    if (input.method !== 'GET' && input.method !== 'HEAD') {
      return { status: 405, headers: { ...CORS, Allow: 'GET, OPTIONS' }, body: null };
    }
    const bodies = this.bodiesFor(new URL(input.url).origin);
    const [body, tag, type] = catalog
      ? [bodies.catalog, bodies.catalogTag, AI_CATALOG_MEDIA_TYPE]
      : [bodies.card, bodies.tag, SERVER_CARD_MEDIA_TYPE];
    const headers = { ...CORS, ETag: tag, 'Cache-Control': `public, max-age=${this.options.maxAgeSeconds ?? 3600}` };
    const match = input.headers.get('if-none-match');
    if (match?.split(',').some((t) => t.trim() === tag || t.trim() === '*')) {
      return { status: 304, headers, body: null };
    }
    return { status: 200, headers: { ...headers, 'Content-Type': type }, body: input.method === 'HEAD' ? null : body };
  }

  /** Built per request (a card is fetched rarely): its remote URL is the request's own origin. */
  private bodiesFor(origin: string) {
    const card = JSON.stringify(serverCardOf(this.server, this.options, `${origin}${this.endpointPath}`));
    const catalog = JSON.stringify(aiCatalogOf(this.options.name, `${origin}${this.cardPath}`));
    return { card, catalog, tag: etag(card), catalogTag: etag(catalog) };
  }
}

/** A strong ETag of a body: two FNV-1a 32-bit hashes (opaque; a change of any byte changes it). */
function etag(body: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ body.length;
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c ^ (i & 0xff), 0x01000193) >>> 0;
  }
  return `"${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}"`;
}
