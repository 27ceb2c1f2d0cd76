// server.json in the MCP registry's format (schema 2025-12-11): what a registry or an aggregator
// needs to list and install the server. Names follow the registry's rules: reverse-DNS with one
// slash (package.json `mcpName` wins), a description of at most 100 characters, exact versions.
import type { ListenOptions } from '@decorum/core';
import type { PackageManifest } from '../project.js';

/** The schema the file declares. */
export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';

/** A server.json document (the fields Decorum fills). */
export interface ServerJson {
  $schema: string;
  name: string;
  description: string;
  version: string;
  title?: string;
  repository?: { url: string; source: string; subfolder?: string };
  packages: {
    registryType: 'npm';
    identifier: string;
    version: string;
    transport: { type: 'stdio' } | { type: 'streamable-http'; url: string };
  }[];
}

/** The reverse-DNS name: `mcpName`, else from a GitHub repository or the npm scope. */
export function registryName(manifest: PackageManifest): { name: string; guessed: boolean } {
  if (manifest.mcpName) return { name: manifest.mcpName, guessed: false };
  const pkg = manifest.name ?? 'server';
  const [scope, bare] = pkg.startsWith('@') ? (pkg.slice(1).split('/') as [string, string]) : [undefined, pkg];
  const repo = repositoryUrl(manifest)?.match(/github\.com[/:]([^/]+)\//);
  const owner = repo?.[1] ?? scope;
  return { name: `io.github.${(owner ?? 'your-github-user').toLowerCase()}/${bare}`, guessed: true };
}

function repositoryUrl(manifest: PackageManifest): string | undefined {
  const repo = manifest.repository;
  const url = typeof repo === 'string' ? repo : repo?.url;
  return url?.replace(/^git\+/, '').replace(/\.git$/, '');
}

/** Builds server.json from package.json, the app's server info and the transport the entry serves. */
export function serverJson(
  manifest: PackageManifest,
  server: { name?: unknown; title?: unknown; version?: unknown; description?: unknown },
  where: ListenOptions,
): ServerJson {
  const version = manifest.version ?? String(server.version ?? '0.0.0');
  const rawDescription = manifest.description ?? (typeof server.description === 'string' ? server.description : '');
  const description =
    rawDescription.length > 100 ? `${rawDescription.slice(0, 99)}…` : rawDescription || `${manifest.name} MCP server`;
  const url = repositoryUrl(manifest);
  const transport: ServerJson['packages'][number]['transport'] =
    'http' in where
      ? {
          type: 'streamable-http',
          url: `http://localhost:${where.http.port ?? 3000}${(where.http as { path?: string }).path ?? '/mcp'}`,
        }
      : { type: 'stdio' };
  const subfolder = typeof manifest.repository === 'object' ? manifest.repository.directory : undefined;
  return {
    $schema: SERVER_JSON_SCHEMA,
    name: registryName(manifest).name,
    description,
    version,
    ...(typeof server.title === 'string' && { title: server.title }),
    ...(url?.startsWith('https://github.com/') && {
      repository: { url, source: 'github', ...(subfolder && { subfolder }) },
    }),
    packages: [{ registryType: 'npm', identifier: manifest.name ?? 'server', version, transport }],
  };
}
