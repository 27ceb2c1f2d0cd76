// One mounted server at run time: its connection, its lists (already prefixed), and its life —
// connected, lost (its primitives disappear and clients are told), reconnected with backoff (they
// reappear). Calls are forwarded through a flight, so progress, cancellation and the server's own
// requests (sampling, elicitation, roots) reach the downstream client of that call.
import {
  ConnectionClosedError,
  ErrorCode,
  InputRequiredSignal,
  type JsonObject,
  McpError,
  type RequestContext,
  RequestTimeoutError,
} from '@decorum/protocol';
import { TASKS_EXTENSION } from '@decorum/protocol/tasks';
import { UserError } from '../runtime/user-error.js';
import { CompositionError, MountUnavailableError } from './compose-errors.js';
import { Flights, type OutsideCalls } from './flights.js';
import { Coalesced, fetchLists, type ListKind, type MountLists, NO_LISTS, sameLists } from './mount-lists.js';
import type { Mount, UpstreamCallOptions, UpstreamClient, UpstreamClosed } from './mount-types.js';
import { MountNaming } from './naming.js';
import { shownPromptResult, shownToolResult } from './shown-content.js';

export type { ListKind, MountLists } from './mount-lists.js';

/** What a mounted server tells the app: a list changed, a subscribed resource was updated. */
export interface MountEvents {
  listChanged(kind: ListKind): void;
  resourceUpdated(uri: string): void;
  warn(message: string): void;
  /** The app's clients, for the mounted server's questions and logs outside any call. */
  outside?: OutsideCalls;
}

const EMPTY = NO_LISTS;

/** A -32021 that asks for the tasks extension: the tool runs only as a task. */
function needsTasks(error: unknown): boolean {
  if (!(error instanceof McpError) || error.code !== ErrorCode.MissingRequiredClientCapability) return false;
  const required = (error.data as { requiredCapabilities?: { extensions?: JsonObject } } | undefined)
    ?.requiredCapabilities;
  return required?.extensions?.[TASKS_EXTENSION] !== undefined;
}

/** A mount's connection, lists and forwarding. */
export class MountedServer {
  readonly naming: MountNaming;
  lists: MountLists = EMPTY;
  private client?: UpstreamClient;
  private readonly flights: Flights;
  private unwatchRoots?: () => void;
  private down = 'not connected yet';
  private delay: number;
  private timer?: ReturnType<typeof setTimeout>;
  private closing = false;
  private capabilities?: JsonObject;
  private readonly subscriptions = new Set<string>();
  // One refresh per connection and kind at a time (a burst of list_changed costs at most two lists).
  private readonly refreshes = new Coalesced<string>();
  private connection = 0;

  constructor(
    readonly mount: Mount,
    private readonly events: MountEvents,
  ) {
    this.naming = new MountNaming(mount.prefix);
    this.flights = new Flights(events.outside);
    this.delay = this.reconnectDelays()?.initial ?? 0;
  }

  /** `mount "gh" (npx some-server)`, for messages. */
  get label(): string {
    const prefix = this.mount.prefix === '' ? '' : ` "${this.mount.prefix}"`;
    return `mount${prefix} (${this.mount.server.label})`;
  }

  /**
   * Whether the mounted server serves a kind (`tools`, `resources`, …), or a feature of it (`subscribe`),
   * as it said when it last connected; true while that is not known yet.
   */
  serves(kind: string, feature?: string): boolean {
    const declared = this.capabilities?.[kind];
    if (this.capabilities === undefined) return true;
    if (declared === undefined) return false;
    return feature === undefined || (declared as JsonObject)[feature] === true;
  }

  /** True while connected. */
  get connected(): boolean {
    return this.client !== undefined;
  }

  /** The first connection: a required mount that cannot be reached fails startup. */
  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (error) {
      if (this.mount.required !== false) {
        throw new CompositionError(
          `Cannot connect ${this.label}: ${(error as Error).message}. Check the command or URL, or set { required: false } to start without it.`,
        );
      }
      this.events.warn(`[decorum] ${this.label} is not reachable yet: ${(error as Error).message}`);
      this.scheduleReconnect();
    }
  }

  /** Stops the mount: the connection is closed and no reconnection follows. */
  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.timer);
    this.unwatchRoots?.();
    const client = this.client;
    this.client = undefined;
    await client?.close();
  }

  /**
   * Forwards `tools/call` (by the mounted server's own name), as a task upstream when `asTask`. A modern server
   * lists no task support: a tool of its that runs only as a task says so (-32021), and is called again as one.
   */
  async callTool(name: string, args: JsonObject, request: RequestContext, asTask = false) {
    const result = await this.forward(request, async (client, options) => {
      if (asTask) return client.callTool(name, args, { ...options, task: true });
      try {
        return await client.callTool(name, args, options);
      } catch (error) {
        if (client.era !== 'modern' || !needsTasks(error)) throw error;
        return client.callTool(name, args, { ...options, task: true });
      }
    });
    return shownToolResult(result, this.naming);
  }

  readResource(uri: string, request: RequestContext) {
    return this.forward(request, (client, options) => client.readResource(uri, options));
  }

  async getPrompt(name: string, args: Record<string, string>, request: RequestContext) {
    const result = await this.forward(request, (client, options) => client.getPrompt(name, args, options));
    return shownPromptResult(result, this.naming);
  }

  complete(ref: JsonObject, argument: { name: string; value: string }, context?: JsonObject) {
    return this.using((client) => client.complete(ref, argument, context));
  }

  /** Subscribes upstream, so its `resources/updated` reach our subscribers (under the shown URI). */
  async subscribe(uri: string): Promise<void> {
    // Remembered: a reconnected server is subscribed again (our clients' subscriptions outlive the connection).
    this.subscriptions.add(uri);
    if (this.client === undefined || !this.serves('resources', 'subscribe')) return;
    await this.using((client) => client.subscribeResource(uri));
  }

  private async forward<R>(
    request: RequestContext,
    call: (client: UpstreamClient, options: UpstreamCallOptions) => Promise<R>,
  ): Promise<R> {
    return this.using((client) => this.flights.run(request, (options) => call(client, options)));
  }

  private async using<R>(call: (client: UpstreamClient) => Promise<R>): Promise<R> {
    const client = this.client;
    if (client === undefined) throw new MountUnavailableError(`${this.unavailable()}`);
    try {
      return await call(client);
    } catch (error) {
      throw this.failure(error, client);
    }
  }

  /** What a failed forwarded call answers: the mounted server's protocol errors as they are, the rest said plainly. */
  private failure(error: unknown, client: UpstreamClient): unknown {
    // Before McpError: a timeout is one, but it is the mounted server that did not answer, not our client.
    if (error instanceof RequestTimeoutError) {
      return new MountUnavailableError(`The mounted server ${this.label} did not answer in time (${error.message})`);
    }
    // Too large: said by the error itself (the client's HTTP limits) or by a locally made response (a stdio frame).
    const data = error instanceof McpError ? (error.data as { reason?: unknown; limitBytes?: unknown }) : undefined;
    const tooLarge = [error as { reason?: unknown; limitBytes?: unknown }, data].find(
      (said) => said?.reason === 'answer-too-large',
    );
    if (tooLarge !== undefined) {
      const limit = typeof tooLarge.limitBytes === 'number' ? ` of ${tooLarge.limitBytes} bytes` : '';
      return new UserError(
        `The mounted server ${this.label} answered with more than the limit${limit}: the answer was dropped`,
      );
    }
    if (this.client !== client || error instanceof ConnectionClosedError) {
      this.down = `it went away during the call: ${(error as Error).message}`;
      return new MountUnavailableError(this.unavailable());
    }
    if (error instanceof McpError || error instanceof InputRequiredSignal || error instanceof UserError) return error;
    return new MountUnavailableError(
      `The mounted server ${this.label} failed: ${(error as Error)?.message ?? String(error)}`,
    );
  }

  private unavailable(): string {
    const retry = this.mount.reconnect === false ? '' : '; reconnecting, try again shortly';
    return `The mounted server ${this.label} is not available (${this.down})${retry}`;
  }

  private async connect(): Promise<void> {
    const client = await this.mount.server.connect(this.flights.handlers);
    try {
      const connection = ++this.connection;
      const refresh = (kind: ListKind) => this.refreshes.run(`${connection} ${kind}`, () => this.refresh(client, kind));
      client.on('toolsListChanged', () => refresh('tools'));
      client.on('promptsListChanged', () => refresh('prompts'));
      client.on('resourcesListChanged', () => refresh('resources'));
      client.on('resourceUpdated', ({ uri }) => this.events.resourceUpdated(this.naming.uri(uri)));
      client.on('log', (message) => this.flights.log(message));
      this.lists = await this.fetchLists(client);
      const subscribable = (client.serverCapabilities.resources as JsonObject | undefined)?.subscribe === true;
      if (subscribable) await Promise.all([...this.subscriptions].map((uri) => client.subscribeResource(uri)));
    } catch (error) {
      await client.close().catch(() => undefined);
      throw error;
    }
    this.client = client;
    this.capabilities = client.serverCapabilities;
    // Our clients' roots changed (one with roots connected, or said so): the mounted server asks again.
    this.unwatchRoots?.();
    this.unwatchRoots = this.events.outside?.onRootsChanged(() => {
      client.notifyRootsChanged?.().catch(() => undefined);
    });
    this.delay = this.reconnectDelays()?.initial ?? 0;
    void client.closed.then((info) => this.lost(client, info));
    for (const kind of ['tools', 'resources', 'prompts'] as const) this.events.listChanged(kind);
  }

  private lost(client: UpstreamClient, info: UpstreamClosed): void {
    if (this.client !== client || this.closing) return;
    this.client = undefined;
    this.unwatchRoots?.();
    this.unwatchRoots = undefined;
    this.down = `${info.reason === 'client' ? 'closed' : 'it went away'}: ${info.message}`;
    this.events.warn(`[decorum] ${this.label} is down (${info.message})`);
    this.lists = EMPTY;
    for (const kind of ['tools', 'resources', 'prompts'] as const) this.events.listChanged(kind);
    this.scheduleReconnect();
  }

  private reconnectDelays(): { initial: number; max: number } | undefined {
    const options = this.mount.reconnect;
    if (options === false) return undefined;
    return { initial: options?.initialDelayMs ?? 500, max: options?.maxDelayMs ?? 30_000 };
  }

  private scheduleReconnect(): void {
    const delays = this.reconnectDelays();
    if (delays === undefined || this.closing) return;
    const wait = this.delay;
    this.delay = Math.min(Math.max(wait * 2, 1), delays.max);
    this.timer = setTimeout(() => {
      this.connect().catch((error: Error) => {
        this.down = `reconnecting failed: ${error.message}`;
        this.scheduleReconnect();
      });
    }, wait);
    // A mount waiting to reconnect does not keep the process alive on its own.
    (this.timer as { unref?: () => void }).unref?.();
  }

  /** Lists `kind` again; our clients are told only when it changed. */
  private async refresh(client: UpstreamClient, kind: ListKind): Promise<void> {
    try {
      const next = await this.fetchLists(client, kind);
      if (this.client !== client || sameLists(this.lists, next, kind)) return;
      this.lists = next;
      this.events.listChanged(kind);
    } catch (error) {
      this.events.warn(`[decorum] ${this.label}: could not list ${kind}: ${(error as Error).message}`);
    }
  }

  private fetchLists(client: UpstreamClient, only?: ListKind): Promise<MountLists> {
    return fetchLists(client, this.naming, this.lists, only);
  }
}
