// The manifest `decorum build` writes: the lists a client sees (tools, resources, templates,
// prompts, with their schemas), read over an in-memory session exactly as a client would read them,
// in a stable order so a CI diff shows only real changes. What the providers declare, not data: a
// template's `list` method (which may read a database) is not run unless asked for.
import type { McpApp } from '@decorum/core';
import { createLinkedTransports, type JsonRpcMessage } from '@decorum/protocol';

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
}

const PROTOCOL_VERSION = '2025-11-25';

type Reply = { result?: Record<string, unknown>; error?: { code: number; message: string } };

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
  const [client, server] = createLinkedTransports();
  const waiting = new Map<number, (reply: Reply) => void>();
  client.onmessage = (message) => {
    const reply = message as Reply & { id?: number };
    if (typeof reply.id === 'number') waiting.get(reply.id)?.(reply);
  };
  await client.start();
  await app.connect(server);
  let nextId = 0;
  const request = async (method: string, params: Record<string, unknown> = {}) => {
    const id = ++nextId;
    const reply = await new Promise<Reply>((resolve) => {
      waiting.set(id, resolve);
      void client.send({ jsonrpc: '2.0', id, method, params } as JsonRpcMessage);
    });
    if (reply.error) throw new Error(`${method} failed: ${reply.error.message} (${reply.error.code})`);
    return reply.result as Record<string, unknown>;
  };
  const listAll = async (method: string, key: string) => {
    const items: Record<string, unknown>[] = [];
    let cursor: string | undefined;
    do {
      const page = await request(method, cursor === undefined ? {} : { cursor });
      items.push(...(page[key] as Record<string, unknown>[]));
      cursor = page.nextCursor as string | undefined;
    } while (cursor !== undefined);
    return items;
  };
  const init = await request('initialize', {
    protocolVersion: PROTOCOL_VERSION,
    capabilities: {},
    clientInfo: { name: 'decorum-build', version: '1' },
  });
  await client.send({ jsonrpc: '2.0', method: 'notifications/initialized' } as JsonRpcMessage);
  const capabilities = init.capabilities as Record<string, unknown>;
  const byKey = (key: string) => (a: Record<string, unknown>, b: Record<string, unknown>) =>
    String(a[key]).localeCompare(String(b[key]));
  const manifest: McpManifest = {
    manifestVersion: 2,
    protocolVersion: PROTOCOL_VERSION,
    server: init.serverInfo as Record<string, unknown>,
    ...(typeof init.instructions === 'string' && { instructions: init.instructions }),
    capabilities,
    tools: capabilities.tools ? (await listAll('tools/list', 'tools')).sort(byKey('name')) : [],
    resources: capabilities.resources ? (await listAll('resources/list', 'resources')).sort(byKey('uri')) : [],
    templates: capabilities.resources
      ? (await listAll('resources/templates/list', 'resourceTemplates')).sort(byKey('uriTemplate'))
      : [],
    prompts: capabilities.prompts ? (await listAll('prompts/list', 'prompts')).sort(byKey('name')) : [],
  };
  await client.close();
  return manifest;
}
