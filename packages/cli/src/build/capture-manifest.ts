// The manifest `decorum build` writes: the lists a client sees (tools, resources, templates,
// prompts, with their schemas), read over an in-memory session exactly as a client would read them,
// in a stable order so a CI diff shows only real changes.
import type { McpApp } from '@decorum/core';
import { createLinkedTransports, type JsonRpcMessage } from '@decorum/protocol';

/** The contents of mcp-manifest.json. */
export interface McpManifest {
  /** Format of this file. */
  manifestVersion: 1;
  protocolVersion: string;
  server: Record<string, unknown>;
  instructions?: string;
  capabilities: Record<string, unknown>;
  tools: Record<string, unknown>[];
  resources: Record<string, unknown>[];
  resourceTemplates: Record<string, unknown>[];
  prompts: Record<string, unknown>[];
}

const PROTOCOL_VERSION = '2025-11-25';

type Reply = { result?: Record<string, unknown>; error?: { code: number; message: string } };

/** Reads every list of `app` through a fresh in-memory session. */
export async function captureManifest(app: McpApp): Promise<McpManifest> {
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
    manifestVersion: 1,
    protocolVersion: PROTOCOL_VERSION,
    server: init.serverInfo as Record<string, unknown>,
    ...(typeof init.instructions === 'string' && { instructions: init.instructions }),
    capabilities,
    tools: capabilities.tools ? (await listAll('tools/list', 'tools')).sort(byKey('name')) : [],
    resources: capabilities.resources ? (await listAll('resources/list', 'resources')).sort(byKey('uri')) : [],
    resourceTemplates: capabilities.resources
      ? (await listAll('resources/templates/list', 'resourceTemplates')).sort(byKey('uriTemplate'))
      : [],
    prompts: capabilities.prompts ? (await listAll('prompts/list', 'prompts')).sort(byKey('name')) : [],
  };
  await client.close();
  return manifest;
}
