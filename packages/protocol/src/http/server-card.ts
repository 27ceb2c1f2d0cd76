// The MCP Server Card (SEP-2127, experimental and still moving): a static JSON description of this
// server at `<endpoint>/server-card`, and an AI Catalog entry pointing at it at
// `/.well-known/ai-catalog.json`, both public (no auth), CORS-open, cacheable with a strong ETag. Built
// from the server's own identity (the serverInfo server/discover and initialize report), so the card
// never says something the running server contradicts.
import type { ProtocolServer } from '../engine/server.js';
import type { Icon, JsonObject } from '../engine/types.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../versions.js';
import type { HttpInput, PlainReply } from './http-input.js';

/** The card's media type. */
export const SERVER_CARD_MEDIA_TYPE = 'application/mcp-server-card+json';
/** The AI Catalog's media type. */
export const AI_CATALOG_MEDIA_TYPE = 'application/ai-catalog+json';
/** Where domain-level discovery looks. */
export const AI_CATALOG_PATH = '/.well-known/ai-catalog.json';
/** The `$schema` a card declares (the draft's v1 URL). */
export const SERVER_CARD_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json';

/** One way to reach the server. */
export interface ServerCardRemote {
  type: 'streamable-http' | 'sse';
  url: string;
  headers?: JsonObject[];
  variables?: JsonObject;
  supportedProtocolVersions?: string[];
}

/** A Server Card (the fields of the draft schema). */
export interface ServerCard {
  $schema: string;
  name: string;
  version: string;
  description: string;
  title?: string;
  websiteUrl?: string;
  repository?: { url: string; source: string; subfolder?: string; id?: string };
  icons?: Icon[];
  remotes?: ServerCardRemote[];
  _meta?: JsonObject;
}

/**
 * What the card adds to the server's identity. `name` is the registry name (reverse DNS, one slash),
 * as in server.json; the rest defaults to the serverInfo.
 * @example
 * app.listen({ http: { port: 3000, serverCard: { name: 'io.github.ada/weather' } } });
 */
export interface ServerCardOptions {
  name: string;
  description?: string;
  repository?: ServerCard['repository'];
  /** How clients reach the server; default: this endpoint's URL as the request named it, every revision served. */
  remotes?: ServerCardRemote[];
  /** Serve the AI Catalog at `/.well-known/ai-catalog.json` too. Default true. */
  catalog?: boolean;
  /** `Cache-Control: public, max-age=…`. Default 3600. */
  maxAgeSeconds?: number;
}

const NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET',
  'Access-Control-Allow-Headers': 'Content-Type, If-None-Match',
  'Access-Control-Expose-Headers': 'ETag',
};

/** The card of a server (the same data its server/discover reports), reachable at `endpointUrl`. */
export function serverCardOf(server: ProtocolServer, options: ServerCardOptions, endpointUrl: string): ServerCard {
  const info = server.options.serverInfo;
  const raw = options.description ?? info.description ?? `${info.name} MCP server`;
  const remotes = options.remotes ?? [
    {
      type: 'streamable-http',
      url: endpointUrl,
      supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS].reverse(),
    },
  ];
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: options.name,
    version: info.version,
    description: raw.length > 100 ? `${raw.slice(0, 99)}…` : raw,
    ...(info.title !== undefined && { title: info.title.slice(0, 100) }),
    ...(info.websiteUrl !== undefined && { websiteUrl: info.websiteUrl }),
    ...(options.repository !== undefined && { repository: options.repository }),
    ...(info.icons !== undefined && { icons: info.icons }),
    remotes,
  };
}

/** Serves the card and the catalog beside an MCP endpoint; `reply` answers only their paths. */
export class ServerCardEndpoint {
  private readonly cardPath: string;

  constructor(
    private readonly server: ProtocolServer,
    private readonly endpointPath: string,
    private readonly options: ServerCardOptions,
  ) {
    if (typeof options.name !== 'string' || !NAME.test(options.name) || options.name.length > 200) {
      throw new TypeError(
        `serverCard.name "${String(options.name)}" must be a registry name: reverse DNS with one slash, like io.github.you/server`,
      );
    }
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
    const [namespace, bare] = this.options.name.split('/') as [string, string];
    const catalog = JSON.stringify({
      specVersion: '1.0',
      entries: [
        {
          identifier: `urn:air:${namespace}:mcp:${bare}`,
          type: SERVER_CARD_MEDIA_TYPE,
          url: `${origin}${this.cardPath}`,
        },
      ],
    });
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
