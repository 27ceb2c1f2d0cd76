// server-card.json (experimental, SEP-2127): the Server Card `decorum build` writes beside server.json,
// from the same data (registry name, version, description, title, repository) plus the app's own
// websiteUrl and icons. A card lists remotes only when package.json names the public URL
// ("decorum": { "remoteUrl": "https://…/mcp" }): a card never advertises a local or internal address.
import { SERVER_CARD_SCHEMA, type ServerCard, SUPPORTED_PROTOCOL_VERSIONS } from '@decorum/protocol';
import type { ServerJson } from './server-json.js';

/** The card of a built app. */
export function serverCardJson(
  server: ServerJson,
  info: { websiteUrl?: unknown; icons?: unknown },
  remoteUrl: string | undefined,
): ServerCard {
  return {
    $schema: SERVER_CARD_SCHEMA,
    name: server.name,
    version: server.version,
    description: server.description,
    ...(server.title !== undefined && { title: server.title.slice(0, 100) }),
    ...(typeof info.websiteUrl === 'string' && { websiteUrl: info.websiteUrl }),
    ...(server.repository !== undefined && { repository: server.repository }),
    ...(Array.isArray(info.icons) && { icons: info.icons as ServerCard['icons'] }),
    ...(remoteUrl !== undefined && {
      remotes: [
        {
          type: 'streamable-http' as const,
          url: remoteUrl,
          supportedProtocolVersions: [...SUPPORTED_PROTOCOL_VERSIONS].reverse(),
        },
      ],
    }),
  };
}
