// Where a mounted server is: a command to spawn (stdio), a Streamable HTTP URL, or a server in this
// process. Each connects with Decorum's client (`@decorum/protocol/client`), loaded only when a mount
// connects, so an app without mounts never loads it (and the spawning part stays out of other runtimes).
import type { ClientOptions, HttpClientTransportOptions, McpClient } from '@decorum/protocol/client';
import type { MountSource, UpstreamClient, UpstreamHandlers } from './mount-types.js';

/** Options every source takes: the revision to speak, and how long the mounted server may take to answer. */
export interface MountClientOptions {
  /** `2025-11-25` by default; `'2026-07-28'`, or `'auto'` (try the modern era, fall back). */
  protocolVersion?: string;
  /** How long a forwarded request may take before it fails, in ms. Default 60 000. */
  requestTimeoutMs?: number;
}

/** What every mount's client declares and how it answers its server. */
function clientOptions(
  handlers: UpstreamHandlers,
  { protocolVersion, requestTimeoutMs }: MountClientOptions,
): ClientOptions {
  return {
    clientInfo: { name: 'decorum-mount', version: '0.1.0' },
    ...(protocolVersion !== undefined && { protocolVersion }),
    ...(requestTimeoutMs !== undefined && { requestTimeoutMs }),
    // Everything the server logs comes back: each message is passed on at the level our own client chose.
    logLevel: 'debug',
    // The downstream client's answer is passed on as it was given (it showed the form, defaults or not).
    elicitationDefaults: false,
    // Declared whether or not our own client has them: a server often lists a tool only for a client
    // that can sample or elicit, and the call then fails clearly if ours cannot.
    handlers: {
      sampling: (params, context) => handlers.sampling(params, context),
      elicitation: (params, context) => handlers.elicitation(params, context),
      roots: (context) => handlers.roots(context),
    },
  };
}

/** The client as the mount sees it (the members it uses, delegated). */
function upstream(client: McpClient): UpstreamClient {
  return {
    get serverCapabilities() {
      return client.serverCapabilities as Record<string, unknown>;
    },
    get era() {
      return client.era;
    },
    closed: client.closed,
    listTools: () => client.listTools(),
    listResources: () => client.listResources(),
    listResourceTemplates: () => client.listResourceTemplates(),
    listPrompts: () => client.listPrompts(),
    callTool: (name, args, options) => client.callTool(name, args, options),
    readResource: (uri, options) => client.readResource(uri, options),
    getPrompt: (name, args, options) => client.getPrompt(name, args, options),
    complete: (ref, argument, context) => client.complete(ref as never, argument, context),
    subscribeResource: (uri) => client.subscribeResource(uri),
    notifyRootsChanged: () => client.notifyRootsChanged(),
    on: ((event: 'toolsListChanged', listener: () => void) => client.on(event, listener)) as UpstreamClient['on'],
    close: () => client.close(),
  };
}

/**
 * Options of a command mount. The server's environment is not ours: it inherits only PATH, HOME, the locale and a
 * few such variables (`INHERITED_ENV` of `@decorum/protocol/client/stdio`), plus `env` — name here what it needs,
 * e.g. `env: { GITHUB_TOKEN: process.env.GITHUB_TOKEN ?? '' }`.
 */
export interface StdioMountOptions extends MountClientOptions {
  env?: Record<string, string>;
  /** How messages name the server; default the command's file name (its arguments, which may hold keys, never). */
  label?: string;
  cwd?: string;
  /** The server's stderr: `'inherit'` (default), `'pipe'` (kept, and quoted when it exits), `'ignore'`. */
  stderr?: 'inherit' | 'pipe' | 'ignore';
}

/**
 * A server run as a command and spoken to over stdio (respawned when it exits, while the mount reconnects).
 * @example
 * mounts: [{ prefix: 'fs', server: stdio('npx', ['-y', '@modelcontextprotocol/server-filesystem', '.']) }]
 */
export function stdio(command: string, args: string[] = [], options: StdioMountOptions = {}): MountSource {
  return {
    label: options.label ?? commandName(command),
    async connect(handlers) {
      const { connectStdio } = await import('@decorum/protocol/client/stdio');
      const { protocolVersion, requestTimeoutMs, label: _label, ...spawn } = options;
      const client = await connectStdio(
        { command, args, ...spawn },
        clientOptions(handlers, { protocolVersion, requestTimeoutMs }),
      );
      return upstream(client);
    },
  };
}

/** Options of a URL mount: headers, a bearer `token` (or token provider), and the revision to speak. */
export type HttpMountOptions = HttpClientTransportOptions & MountClientOptions;

/**
 * A server at a Streamable HTTP URL.
 * @example
 * mounts: [{ prefix: 'notes', server: http('https://notes.example.com/mcp', { token: process.env.NOTES_TOKEN }) }]
 */
export function http(url: string | URL, options: HttpMountOptions = {}): MountSource {
  return {
    label: urlLabel(url),
    async connect(handlers) {
      const { connectHttp } = await import('@decorum/protocol/client');
      const { protocolVersion, requestTimeoutMs, ...transport } = options;
      return upstream(
        await connectHttp(url, { ...transport, ...clientOptions(handlers, { protocolVersion, requestTimeoutMs }) }),
      );
    },
  };
}

/** Anything that serves a client over a transport: an `McpApp` or a `ProtocolServer`. */
export interface InProcessServer {
  connect(transport: never): Promise<unknown>;
}

/**
 * A server in this process (another `McpApp`), linked in memory.
 * @example
 * mounts: [{ prefix: 'billing', server: inProcess(billingApp) }]
 */
export function inProcess(server: InProcessServer, options: MountClientOptions & { label?: string } = {}): MountSource {
  return {
    label: options.label ?? 'in process',
    async connect(handlers) {
      const { connectInMemory } = await import('@decorum/protocol/client');
      return upstream(
        await connectInMemory(server as Parameters<typeof connectInMemory>[0], clientOptions(handlers, options)),
      );
    },
  };
}

/** A command's file name (`npx`, `node`): what messages show of a command mount. */
function commandName(command: string): string {
  return command.split(/[\\/]/).pop() || command;
}

/** A URL as messages show it: no user info, query or fragment (where keys are often put). */
function urlLabel(url: string | URL): string {
  try {
    const parsed = new URL(String(url));
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return 'an invalid URL';
  }
}
