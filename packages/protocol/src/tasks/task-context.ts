// What lets an unchanged handler run inside a task: a channel and a modern envelope that behave as
// the request's own until the request continues as a task, and route to the task afterwards —
// questions become the task's input requests, and the request's stream is no longer used.
import type { OutgoingOptions, RequestChannel } from '../engine/channel.js';
import type { InputRequest } from '../engine/modern/modern-request.js';
import { ModernRequest } from '../engine/modern/modern-request.js';
import type { ClientCapabilities, JsonObject, LoggingLevel } from '../engine/types.js';
import { ErrorCode, McpError } from '../jsonrpc/errors.js';
import type { RequestId } from '../jsonrpc/types.js';
import type { TaskRun } from './task-run.js';
import { META_RELATED_TASK } from './task-types.js';

/** Where a request's questions go once it is a task; undefined until then. */
export interface TaskRoute {
  readonly run: TaskRun | undefined;
  readonly era: 'modern' | 'legacy';
}

/** The capability an input request needs, or undefined when the client declared it (as MRTR checks). */
export function missingCapabilityFor(request: InputRequest, caps: ClientCapabilities): JsonObject | undefined {
  if (request.method === 'roots/list') return caps.roots === undefined ? { roots: {} } : undefined;
  if (request.method === 'sampling/createMessage') {
    const tools = request.params?.tools !== undefined || request.params?.toolChoice !== undefined;
    if (caps.sampling === undefined) return tools ? { sampling: { tools: {} } } : { sampling: {} };
    return tools && caps.sampling.tools === undefined ? { sampling: { tools: {} } } : undefined;
  }
  const url = request.params?.mode === 'url';
  const e = caps.elicitation;
  const ok = url ? e?.url !== undefined : e !== undefined && (e.form !== undefined || e.url === undefined);
  return ok ? undefined : { elicitation: url ? { url: {} } : { form: {} } };
}

function askTask(run: TaskRun, request: InputRequest, caps: ClientCapabilities, key?: string): Promise<JsonObject> {
  const missing = missingCapabilityFor(request, caps);
  if (missing) {
    const name = Object.keys(missing)[0];
    return Promise.reject(
      new McpError(ErrorCode.MissingRequiredClientCapability, `Missing required client capability: ${name}`, {
        requiredCapabilities: missing,
      }),
    );
  }
  return run.ask(request, key);
}

// RequestContext passes the handler's options through, `key` included.
const keyOf = (options: OutgoingOptions | undefined) => (options as { key?: string } | undefined)?.key;

/**
 * The modern envelope of a request that may continue as a task: multi-round-trip questions
 * (`input_required` results) before, the task's `inputRequests` after.
 */
export class TaskModernRequest extends ModernRequest {
  constructor(
    private readonly original: ModernRequest,
    private readonly route: TaskRoute,
  ) {
    super(original.version, original.clientCapabilities, original.clientInfo, original.logLevel, original.answers);
  }

  // Before the task, the original envelope asks: its pending inputs are what the multi-round-trip
  // codec reads to answer input_required.
  override ask(request: InputRequest, key?: string): Promise<JsonObject> {
    const run = this.route.run;
    if (run === undefined) return this.original.ask(request, key);
    return askTask(run, request, this.clientCapabilities, key);
  }
}

/**
 * The channel of a request that may continue as a task. Before: the request's own. After: legacy
 * questions become input requests (delivered on `tasks/result`), progress and logs go to the
 * connection with the related-task `_meta` (2025-11-25 keeps the progress token valid for the
 * task's life), and a modern task sends nothing on its finished request (the extension does not
 * carry progress or logs for tasks).
 */
export class TaskChannel implements RequestChannel {
  constructor(
    private readonly original: RequestChannel,
    private readonly route: TaskRoute,
  ) {}

  get protocolVersion(): string {
    return this.original.protocolVersion;
  }
  get clientCapabilities(): ClientCapabilities {
    return this.original.clientCapabilities;
  }
  get clientInfo() {
    return this.original.clientInfo;
  }

  private related(params: JsonObject | undefined): JsonObject {
    const run = this.route.run as TaskRun;
    const meta = (params?._meta as JsonObject | undefined) ?? {};
    return { ...params, _meta: { ...meta, [META_RELATED_TASK]: { taskId: run.taskId } } };
  }

  notify(method: string, params?: JsonObject, relatedRequestId?: RequestId): Promise<void> {
    if (this.route.run === undefined) return this.original.notify(method, params, relatedRequestId);
    if (this.route.era === 'modern') return Promise.resolve();
    return this.original.notify(method, this.related(params));
  }

  sendProgress(token: string | number, progress: number, total?: number, message?: string, related?: RequestId) {
    if (this.route.run === undefined) return this.original.sendProgress(token, progress, total, message, related);
    if (this.route.era === 'modern') return Promise.resolve();
    const params: JsonObject = { progressToken: token, progress };
    if (total !== undefined) params.total = total;
    if (message !== undefined) params.message = message;
    return this.original.notify('notifications/progress', this.related(params));
  }

  sendLog(level: LoggingLevel, data: unknown, logger?: string, related?: RequestId): Promise<void> {
    if (this.route.run === undefined) return this.original.sendLog(level, data, logger, related);
    if (this.route.era === 'modern') return Promise.resolve();
    return this.original.sendLog(level, data, logger);
  }

  createMessage(params: JsonObject, options?: OutgoingOptions): Promise<JsonObject> {
    const run = this.route.run;
    if (run === undefined) return this.original.createMessage(params, options);
    return askTask(run, { method: 'sampling/createMessage', params }, this.clientCapabilities, keyOf(options));
  }

  elicit(params: JsonObject, options?: OutgoingOptions): Promise<JsonObject> {
    const run = this.route.run;
    if (run === undefined) return this.original.elicit(params, options);
    return askTask(run, { method: 'elicitation/create', params }, this.clientCapabilities, keyOf(options));
  }

  listRoots(options?: OutgoingOptions): Promise<JsonObject> {
    const run = this.route.run;
    if (run === undefined) return this.original.listRoots(options);
    return askTask(run, { method: 'roots/list' }, this.clientCapabilities, keyOf(options));
  }

  closeRequestStream(requestId: RequestId): void {
    if (this.route.run === undefined) this.original.closeRequestStream(requestId);
  }
}
