import {
  type AuthInfo,
  type ClientCapabilities,
  type Implementation,
  type JsonObject,
  type LoggingLevel,
  McpError,
  type RequestContext,
} from '@decorum/protocol';
import type { Class } from '../metadata/types.js';
import { formatIssues } from '../schema/issues.js';
import { continueAsTask } from '../tasks/task-option.js';
import type { SchemaServices } from './services.js';
import { UserError } from './user-error.js';

/** The answer to an elicitation: the user's validated data, or why there is none. */
export type ElicitResult<T> = { action: 'accept'; data: T } | { action: 'decline' } | { action: 'cancel' };

/** Options of {@link Context.sample}. */
export interface SampleOptions {
  maxTokens: number;
  systemPrompt?: string;
  temperature?: number;
  stopSequences?: string[];
  modelPreferences?: JsonObject;
  includeContext?: 'none' | 'thisServer' | 'allServers';
  /**
   * The key of this input in a 2026-07-28 `input_required` result (default: `input-<n>` in call
   * order). Name it when clients or tests refer to it.
   */
  key?: string;
}

type Logger = Record<LoggingLevel, (data: unknown, logger?: string) => Promise<void>>;

/**
 * What a handler can know and do during one request (`@Ctx() ctx: Context`). Created per call;
 * never stored on the provider instance, which is shared by every call.
 */
export class Context {
  /** Log to the client at a level: `ctx.log.info('…')`. Filtered by the client's chosen level. */
  readonly log: Logger;

  constructor(
    readonly request: RequestContext,
    private readonly schemas: SchemaServices,
    private readonly onResourceUpdated: (uri: string) => void,
  ) {
    const at = (level: LoggingLevel) => (data: unknown, logger?: string) => request.log(level, data, logger);
    this.log = {
      debug: at('debug'),
      info: at('info'),
      notice: at('notice'),
      warning: at('warning'),
      error: at('error'),
      critical: at('critical'),
      alert: at('alert'),
      emergency: at('emergency'),
    };
  }

  /** The JSON-RPC id of this request. */
  get requestId(): string | number {
    return this.request.requestId;
  }

  /** Aborted when the client cancels the request (or goes away). */
  get signal(): AbortSignal {
    return this.request.signal;
  }

  /** The negotiated protocol revision. */
  get protocolVersion(): string {
    return this.request.protocolVersion;
  }

  /** `legacy` (initialize and sessions, up to 2025-11-25) or `modern` (2026-07-28). */
  get era(): 'legacy' | 'modern' {
    return this.protocolVersion >= '2026-07-28' ? 'modern' : 'legacy';
  }

  /** The client's name and version, as it introduced itself. */
  get clientInfo(): Implementation | undefined {
    return this.request.clientInfo;
  }

  /** What the client declared it supports. */
  get clientCapabilities(): ClientCapabilities {
    return this.request.clientCapabilities;
  }

  /**
   * The authenticated caller (subject, client id, scopes, verified claims) when the transport
   * authenticated the request (over HTTP, the `auth` option); undefined for an anonymous one.
   * @example if (ctx.auth?.scopes?.includes('notes:admin')) …
   */
  get auth(): AuthInfo | undefined {
    return this.request.authInfo;
  }

  /** Reports progress, when the client asked for it (values must increase). */
  progress(progress: number, total?: number, message?: string): Promise<void> {
    return this.request.progress(progress, total, message);
  }

  /**
   * Continues this call as an MCP task, for a tool declared `@Tool({ task: { support, start: 'handler' } })`:
   * the client is answered with a task at once and polls for the result this handler returns later.
   * Resolves false (and the call just goes on, answered as usual) when the call cannot become a task:
   * the client did not opt in, or the tool has no `task` option. Everything else (progress, log,
   * elicit, sample, signal) works the same inside the task.
   * @example
   * const ok = await ctx.elicit(Confirm, 'Deploy to production?'); // asked before the task exists
   * await ctx.continueAsTask({ statusMessage: 'Deploying' });
   */
  continueAsTask(options?: { statusMessage?: string }): Promise<boolean> {
    return continueAsTask(this.request, options);
  }

  /**
   * Asks the user for structured input. Give a DTO class (its flat schema is sent, and the answer is
   * validated into an instance) or a JSON Schema. Throws when the client cannot elicit.
   * @example
   * const answer = await ctx.elicit(Confirm, 'Delete 3 files?');
   * if (answer.action === 'accept' && answer.data.confirm) …
   */
  async elicit<T = JsonObject>(
    shape: Class<T> | JsonObject,
    message: string,
    options: { key?: string } = {},
  ): Promise<ElicitResult<T>> {
    const requestedSchema =
      typeof shape === 'function' ? elicitationSchema(this.schemas.schema(shape, '2020-12')) : shape;
    const result = await this.request.elicit({ message, requestedSchema }, options);
    if (result.action !== 'accept') return { action: result.action === 'decline' ? 'decline' : 'cancel' };
    if (typeof shape !== 'function') return { action: 'accept', data: (result.content ?? {}) as T };
    const checked = await this.schemas.validate(shape, result.content ?? {});
    if (!checked.ok) throw new UserError(`The answer to "${message}" is not valid:\n${formatIssues(checked.issues)}`);
    return { action: 'accept', data: checked.value };
  }

  /**
   * Asks the client's model for a completion (sampling).
   * @example const reply = await ctx.sample('Summarize: …', { maxTokens: 200 });
   */
  async sample(messages: string | JsonObject[], options: SampleOptions): Promise<JsonObject> {
    const list =
      typeof messages === 'string' ? [{ role: 'user', content: { type: 'text', text: messages } }] : messages;
    const { key, ...params } = options;
    return this.request.createMessage({ ...params, messages: list }, { key });
  }

  /** The client's roots (folders or URIs it lets the server work in). */
  async listRoots(options: { key?: string } = {}): Promise<{ uri: string; name?: string }[]> {
    const result = await this.request.listRoots(options);
    return (result.roots ?? []) as { uri: string; name?: string }[];
  }

  /** Tells subscribed clients that a resource changed. */
  notifyResourceUpdated(uri: string): void {
    this.onResourceUpdated(uri);
  }

  /** Throws the abort reason when the request was cancelled: call it between steps of long work. */
  throwIfCancelled(): void {
    // `cancelled` rather than `signal.aborted`: a check in a hot loop should not make an AbortSignal.
    if (this.request.cancelled) throw new McpError(-32800, 'Request cancelled');
  }
}

/** Elicitation accepts a flat object of primitive properties: drop what it does not allow. */
function elicitationSchema(schema: JsonObject): JsonObject {
  const { $schema: _s, additionalProperties: _a, $defs: _d, definitions: _f, ...rest } = schema;
  return rest;
}
