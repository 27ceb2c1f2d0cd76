// What a client does with each notification of its server: list changes, resource updates, log messages and task
// statuses become events (or wake a task's follower); every notification is also emitted as itself.
import type { LoggingLevel } from '../engine/types.js';
import type { JsonRpcNotification } from '../jsonrpc/types.js';
import type { ClientEventHub } from './client-events.js';
import type { ClientTasks } from './client-tasks.js';
import type { LogMessage } from './client-types.js';
import type { ListenStream } from './listen-stream.js';

const LIST_CHANGED: Record<string, 'toolsListChanged' | 'promptsListChanged' | 'resourcesListChanged'> = {
  'notifications/tools/list_changed': 'toolsListChanged',
  'notifications/prompts/list_changed': 'promptsListChanged',
  'notifications/resources/list_changed': 'resourcesListChanged',
};

/** The parts of a client a notification may concern. */
export interface NotificationTargets {
  events: ClientEventHub;
  stream: ListenStream;
  tasks: ClientTasks;
}

/** Hands one notification to whatever it concerns, then emits it as `notification`. */
export function dispatchNotification(
  notification: JsonRpcNotification,
  { events, stream, tasks }: NotificationTargets,
) {
  const params = notification.params ?? {};
  const { method } = notification;
  const changed = LIST_CHANGED[method];
  if (method === 'notifications/subscriptions/acknowledged') stream.acknowledged();
  else if (method === 'notifications/tasks/status' || method === 'notifications/tasks') tasks.notified(params);
  else if (changed !== undefined) events.emit(changed);
  else if (method === 'notifications/resources/updated') events.emit('resourceUpdated', { uri: String(params.uri) });
  else if (method === 'notifications/message') {
    const entry: LogMessage = { level: params.level as LoggingLevel, data: params.data };
    if (typeof params.logger === 'string') entry.logger = params.logger;
    events.emit('log', entry);
  }
  events.emit('notification', { method, params });
}
