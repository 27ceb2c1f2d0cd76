// The manifest `decorum build` writes: the lists a client sees (tools, resources, templates,
// prompts, with their schemas), read by Decorum's client over an in-memory session, as any client reads them,
// in a stable order so a CI diff shows only real changes. What the providers declare, not data: a
// template's `list` method (which may read a database) is not run unless asked for.
import type { McpApp } from '@decorum/core';
import { connectInMemory } from '@decorum/protocol/client';

/** The contents of mcp-manifest.json. */
export interface McpManifest {
  /** Format of this file. 2: resource templates are under `templates`, as in `app.manifest`. */
  manifestVersion: 2;
  protocolVersion: string;
  server: Record<string, unknown>;
  instructions?: string;
  capabilities: Record<string, unknown>;
  tools: Record<string, unknown>[];
  resources: Record<string, unknown>[];
  /** The resource templates (resources/templates/list). */
  templates: Record<string, unknown>[];
  prompts: Record<string, unknown>[];
  /**
   * The listed skills (SEP-2640) with the digests and sizes of their files at build time, so a diff of
   * this file shows every change to a skill; absent when the app serves none.
   */
  skills?: Record<string, unknown>[];
}

const PROTOCOL_VERSION = '2025-11-25';

/** Options of {@link captureManifest}. */
export interface CaptureOptions {
  /**
   * Run the templates' `list` methods, so `resources` holds the instances they list (live data).
   * Default false: `resources` holds the declared resources only.
   */
  withLists?: boolean;
}

/**
 * Stands in for every template `list` method of `app` with one that lists nothing, until the
 * returned function puts them back. Core checks at startup that `list` names a prototype method,
 * so replacing it on the prototype is what every instance sees.
 */
function skipTemplateLists(app: McpApp): () => void {
  const restore: (() => void)[] = [];
  for (const template of app.manifest.templates) {
    const name = template.options.list;
    if (name === undefined) continue;
    const prototype = template.provider.prototype as Record<string, unknown>;
    const own = Object.getOwnPropertyDescriptor(prototype, name);
    Object.defineProperty(prototype, name, { configurable: true, writable: true, value: () => [] });
    restore.push(() => {
      if (own === undefined) delete prototype[name];
      else Object.defineProperty(prototype, name, own);
    });
  }
  return () => {
    for (const undo of restore.reverse()) undo();
  };
}

/**
 * Reads every list of `app` through a fresh in-memory session. Unless `withLists`, the templates'
 * `list` methods are not run (they are replaced while the lists are read, then put back).
 */
export async function captureManifest(app: McpApp, options: CaptureOptions = {}): Promise<McpManifest> {
  const restore = options.withLists === true ? () => {} : skipTemplateLists(app);
  try {
    return await readLists(app);
  } finally {
    restore();
  }
}

async function readLists(app: McpApp): Promise<McpManifest> {
  const client = await connectInMemory(app, {
    protocolVersion: PROTOCOL_VERSION,
    clientInfo: { name: 'decorum-build', version: '1' },
  });
  try {
    const capabilities = client.serverCapabilities;
    const byKey = (key: string) => (a: object, b: object) =>
      String((a as Record<string, unknown>)[key]).localeCompare(String((b as Record<string, unknown>)[key]));
    const rows = (items: object[]) => items as Record<string, unknown>[];
    return {
      manifestVersion: 2,
      protocolVersion: client.protocolVersion,
      server: { ...client.serverInfo },
      ...(client.instructions !== undefined && { instructions: client.instructions }),
      capabilities,
      tools: capabilities.tools ? rows((await client.listTools()).sort(byKey('name'))) : [],
      resources: capabilities.resources ? rows((await client.listResources()).sort(byKey('uri'))) : [],
      templates: capabilities.resources ? rows((await client.listResourceTemplates()).sort(byKey('uriTemplate'))) : [],
      prompts: capabilities.prompts ? rows((await client.listPrompts()).sort(byKey('name'))) : [],
      ...(client.skills.declared && { skills: rows((await client.skills.list()).sort(byKey('uri'))) }),
    };
  } finally {
    await client.close();
  }
}
