// The MCP Server Card (SEP-2127, experimental and still moving) as a document: the card of a server
// and the AI Catalog entry that points at it. Format only, no transport: the HTTP endpoint serves it
// (server-card-endpoint.ts), and `decorum build` writes the same card to server-card.json. Built from the
// server's own identity (the serverInfo server/discover and initialize report), so the card never
// says something the running server contradicts.
import type { ProtocolServer } from '../engine/server.js';
import type { Icon, JsonObject } from '../engine/types.js';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../versions.js';

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

const NAME = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/;

/** Throws unless `name` is a registry name (reverse DNS, one slash), as a card's `name` must be. */
export function checkCardName(name: unknown): void {
  if (typeof name !== 'string' || !NAME.test(name) || name.length > 200) {
    throw new TypeError(
      `serverCard.name "${String(name)}" must be a registry name: reverse DNS with one slash, like io.github.you/server`,
    );
  }
}

/** The AI Catalog listing one card, found at `cardUrl`. */
export function aiCatalogOf(name: string, cardUrl: string): JsonObject {
  const [namespace, bare] = name.split('/') as [string, string];
  return {
    specVersion: '1.0',
    entries: [{ identifier: `urn:air:${namespace}:mcp:${bare}`, type: SERVER_CARD_MEDIA_TYPE, url: cardUrl }],
  };
}
