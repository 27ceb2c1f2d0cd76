// The manifest `decorum build` writes: the lists a client sees (tools, resources, templates,
// prompts, with their schemas), read by Decorum's client over an in-memory session, as any client reads them,
// in a stable order so a CI diff shows only real changes. What the providers declare, not data: a
// template's `list` method (which may read a database) is not run unless asked for.
//
// The reading client is the one that sees the most: it declares MCP Apps (so app-only tools, their `_meta.ui`
// and the ui:// views are listed) and calls with every scope `@Authorized` asks for (so protected primitives are
// listed); each protected entry then says which scopes it needs, so a reader can judge what it takes to use it.
import type { McpApp } from '@decorum/core';
import {
  type AuthInfo,
  createLinkedTransports,
  type InMemoryTransport,
  type JsonRpcMessage,
  type MessageInfo,
  type Transport,
} from '@decorum/protocol';
import { connectClient } from '@decorum/protocol/client';

/** An entry of a list: the object a client receives, plus `authorization` where `@Authorized` protects it. */
export type ManifestEntry = Record<string, unknown> & {
  /** The scopes a caller's token must carry (`[]`: any authenticated caller). Absent: public. */
  authorization?: { scopes: string[] };
};

/** The contents of mcp-manifest.json. */
export interface McpManifest {
  /**
   * Format of this file. 3: the lists are those of a host with MCP Apps and every scope (app-only tools, views),
   * protected entries carry `authorization`, and `leftOut` says what is not here.
   */
  manifestVersion: 3;
  protocolVersion: string;
  server: Record<string, unknown>;
  instructions?: string;
  capabilities: Record<string, unknown>;
  tools: ManifestEntry[];
  resources: ManifestEntry[];
  /** The resource templates (resources/templates/list). */
  templates: ManifestEntry[];
  prompts: ManifestEntry[];
  /** What a client may meet that this file does not list, and why. */
  leftOut: string[];
  /**
   * The listed skills (SEP-2640) with the digests and sizes of their files at build time, so a diff of
   * this file shows every change to a skill; absent when the app serves none.
   */
  skills?: Record<string, unknown>[];
}

const PROTOCOL_VERSION = '2025-11-25';
// The extension's wire names (core exports them; spelled here so this module imports core's types only).
const UI_EXTENSION = 'io.modelcontextprotocol/ui';
const UI_MIME_TYPE = 'text/html;profile=mcp-app';
const BUILD_SUBJECT = 'decorum-build';

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
    return await readLists(app, options.withLists === true);
  } finally {
    restore();
  }
}

/**
 * The `@Authorized` scopes of the app's own primitives, by list and key (name, URI or URI template). Read from
 * the app's manifest (plain data): the app may carry its own copy of core, whose metadata this one cannot read.
 */
function protectedEntries(app: McpApp): Record<'tools' | 'resources' | 'templates' | 'prompts', Map<string, string[]>> {
  const { tools, resources, templates, prompts } = app.manifest;
  const scopes = <T extends { scopes?: readonly string[] }>(entries: readonly T[], key: (entry: T) => string) =>
    new Map(entries.filter((e) => e.scopes !== undefined).map((e) => [key(e), [...(e.scopes ?? [])].sort()]));
  return {
    tools: scopes(tools, (t) => t.name),
    resources: scopes(resources, (r) => r.uri),
    templates: scopes(templates, (t) => t.uriTemplate),
    prompts: scopes(prompts, (p) => p.name),
  };
}

/**
 * The server end of an in-memory pair whose every message arrives as from `auth` (what an HTTP endpoint
 * does for a request with a verified token).
 */
class AuthenticatedEnd implements Transport {
  onmessage?: (value: unknown, info?: MessageInfo) => void;
  onerror?: (error: Error) => void;
  onclose?: () => void;
  private readonly info: MessageInfo;

  constructor(
    private readonly inner: InMemoryTransport,
    auth: AuthInfo,
  ) {
    this.info = { authInfo: auth };
  }

  start(): Promise<void> {
    this.inner.onmessage = (value) => this.onmessage?.(value, this.info);
    this.inner.onerror = (error) => this.onerror?.(error);
    this.inner.onclose = () => this.onclose?.();
    return this.inner.start();
  }

  send(message: JsonRpcMessage | JsonRpcMessage[]): Promise<void> {
    return this.inner.send(message);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

const LEFT_OUT_ALWAYS = [
  'Primitives added at run time (a provider that adds tools after startup) and anything a guard or interceptor decides per call: only what the app declares at startup is listed.',
  'Data: no tool, resource or prompt is called; resources are listed as declared.',
];
const LEFT_OUT_LISTS =
  "The resources that resource templates' list() methods would list (they may read a database): build with --with-lists to add them.";

async function readLists(app: McpApp, withLists: boolean): Promise<McpManifest> {
  const scopes = protectedEntries(app);
  // Every scope in use, so the build's caller sees every primitive: the own entries' (read as data, for an app
  // with its own copy of core) and the mounts' (an app whose core predates `scopesInUse` has no mount scopes).
  const every = [
    ...new Set([
      ...Object.values(scopes).flatMap((byKey) => [...byKey.values()].flat()),
      ...((app as { scopesInUse?: readonly string[] }).scopesInUse ?? []),
    ]),
  ];
  const [clientSide, serverSide] = createLinkedTransports();
  await app.connect(
    new AuthenticatedEnd(serverSide, { subject: BUILD_SUBJECT, clientId: BUILD_SUBJECT, scopes: every }),
  );
  const client = await connectClient(clientSide, {
    protocolVersion: PROTOCOL_VERSION,
    clientInfo: { name: BUILD_SUBJECT, version: '1' },
    capabilities: { extensions: { [UI_EXTENSION]: { mimeTypes: [UI_MIME_TYPE] } } },
  });
  try {
    const capabilities = client.serverCapabilities;
    const byKey = (key: string) => (a: object, b: object) =>
      String((a as Record<string, unknown>)[key]).localeCompare(String((b as Record<string, unknown>)[key]));
    // The app's own entries by their declared names; a name a transform gave, or a mounted one, by the scopes the
    // app would ask a caller for (its `scopesFor`, which follows transforms and mounts).
    const rows = (items: object[], key: string, protectedBy: Map<string, string[]>, method?: string): ManifestEntry[] =>
      items.sort(byKey(key)).map((item) => {
        const name = String((item as Record<string, unknown>)[key]);
        const hinted = method === undefined ? undefined : app.scopesFor({ method, name });
        const needed = protectedBy.get(name) ?? (hinted === undefined ? undefined : [...hinted].sort());
        return needed === undefined ? { ...item } : { ...item, authorization: { scopes: needed } };
      });
    return {
      manifestVersion: 3,
      protocolVersion: client.protocolVersion,
      server: { ...client.serverInfo },
      ...(client.instructions !== undefined && { instructions: client.instructions }),
      capabilities,
      tools: capabilities.tools ? rows(await client.listTools(), 'name', scopes.tools, 'tools/call') : [],
      resources: capabilities.resources
        ? rows(await client.listResources(), 'uri', scopes.resources, 'resources/read')
        : [],
      templates: capabilities.resources
        ? rows(await client.listResourceTemplates(), 'uriTemplate', scopes.templates)
        : [],
      prompts: capabilities.prompts ? rows(await client.listPrompts(), 'name', scopes.prompts, 'prompts/get') : [],
      leftOut: withLists ? LEFT_OUT_ALWAYS : [LEFT_OUT_LISTS, ...LEFT_OUT_ALWAYS],
      ...(client.skills.declared && { skills: rows(await client.skills.list(), 'uri', new Map()) }),
    };
  } finally {
    await client.close();
  }
}
