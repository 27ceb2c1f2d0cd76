// The context of a tools/call that may become a task: the engine's RequestContext with the task's
// control beside it. The engine's context knows nothing of tasks; a handler (or core's
// `ctx.continueAsTask()`) finds the control with taskControlOf.
import type { Cancellation } from '../engine/cancellation.js';
import type { RequestChannel } from '../engine/channel.js';
import { RequestContext } from '../engine/context.js';
import type { ModernRequest } from '../engine/modern/modern-request.js';
import type { TaskControl } from './task-call.js';

/** A request context whose request may continue as a task. */
export class TaskRequestContext extends RequestContext {
  constructor(
    base: RequestContext,
    channel: RequestChannel,
    cancellation: Cancellation,
    modern: ModernRequest | undefined,
    /** Continues the request as a task (`continueAsTask()`). */
    readonly task: TaskControl,
  ) {
    super(channel, base.requestId, base.method, cancellation, base.meta, base.authInfo, modern);
  }
}

/**
 * The task control of a request's context: set for a tools/call that may become a task (the tasks
 * extension is mounted and the tool has a task policy the call can use), undefined otherwise.
 * @example
 * const control = taskControlOf(ctx);
 * if (control && (await control.continueAsTask())) return; // the client now follows a task
 */
export function taskControlOf(ctx: RequestContext): TaskControl | undefined {
  return (ctx as { task?: TaskControl }).task;
}
