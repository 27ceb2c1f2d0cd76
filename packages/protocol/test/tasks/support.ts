// Helpers of the task unit tests: a recording request channel, contexts built the engine's way.
import { Cancellation } from '../../src/engine/cancellation.js';
import type { RequestChannel } from '../../src/engine/channel.js';
import { createRequestContext, type RequestContext } from '../../src/engine/context.js';
import { ModernRequest } from '../../src/engine/modern/modern-request.js';
import type { ClientCapabilities, JsonObject } from '../../src/engine/types.js';
import type { TaskBridge } from '../../src/tasks/task-call.js';

export const TASKS = 'io.modelcontextprotocol/tasks';

/** A channel that records what it is asked to send; server→client requests answer from `answers`. */
export function recordingChannel(
  capabilities: ClientCapabilities = { elicitation: {}, sampling: {} },
  answers: JsonObject = { action: 'accept', content: { confirm: true } },
) {
  const sent: { method: string; params?: JsonObject }[] = [];
  const channel: RequestChannel = {
    protocolVersion: '2025-11-25',
    clientCapabilities: capabilities,
    clientInfo: { name: 'test', version: '1' },
    async notify(method, params) {
      sent.push({ method, params });
    },
    async sendProgress(token, progress, total, message) {
      sent.push({ method: 'notifications/progress', params: { progressToken: token, progress, total, message } });
    },
    async sendLog(level, data) {
      sent.push({ method: 'notifications/message', params: { level, data } });
    },
    async createMessage(params) {
      sent.push({ method: 'sampling/createMessage', params });
      return answers;
    },
    async elicit(params) {
      sent.push({ method: 'elicitation/create', params });
      return answers;
    },
    async listRoots() {
      sent.push({ method: 'roots/list' });
      return { roots: [] };
    },
    closeRequestStream() {},
  };
  return { channel, sent };
}

/** The context a handler gets for a tools/call that may become a task (either era). */
export function taskContext(
  bridge: TaskBridge,
  channel: RequestChannel,
  options: { modern?: boolean; capabilities?: ClientCapabilities; answers?: JsonObject; progressToken?: string } = {},
): RequestContext {
  const caps = options.capabilities ?? { elicitation: {}, extensions: { [TASKS]: {} } };
  const modern = options.modern
    ? bridge.modern(new ModernRequest('2026-07-28', caps, undefined, undefined, { ...options.answers }))
    : undefined;
  const meta = options.progressToken === undefined ? {} : { _meta: { progressToken: options.progressToken } };
  return createRequestContext(
    bridge.channel(channel),
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'deploy', ...meta } },
    bridge.cancellation,
    undefined,
    modern,
  );
}

export { Cancellation };
