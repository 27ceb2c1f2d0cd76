// On a target whose requests share no memory (Workers, Lambda, Vercel), what the app keeps between
// requests must live in a store, or the server would advertise what it cannot keep: a session made
// by one isolate is unknown to the next, a task started in one cannot be polled from another. The
// stateless mode serves 2026-07-28 and legacy clients without any of it; what needs more is refused
// here, at startup, naming the option that makes it work.
import type { ListenOptions, McpApp } from '@decorum/core';
import { InMemoryTaskStore, TASKS_EXTENSION, TasksExtension } from '@decorum/protocol/tasks';

type HttpWhere = Extract<ListenOptions, { http: unknown }>['http'];

/** The app needs state the target cannot keep in memory, and no store is configured for it. */
export class StatelessTargetError extends Error {
  override readonly name = 'StatelessTargetError';
  /** Stable, like the codes of core's startup errors. */
  readonly code = 'stateless-target';
}

/** What {@link checkStateless} is told of the serving. */
export interface StatelessServing {
  /** Served in the stateless mode (no session store or scale-out configured). */
  stateless: boolean;
  /** The HTTP options the app listened with (Node-only parts removed). */
  http: Partial<HttpWhere>;
}

/**
 * Throws a {@link StatelessTargetError} for each kind of state the app needs without a store on
 * `target`: tasks without `tasks.store`, sessions asked for (`stateless: false`) or the legacy SSE
 * transport without `scaleOut`.
 */
export function checkStateless(app: McpApp, target: string, serving: StatelessServing): void {
  const problems: string[] = [];
  // Tasks without a store get an in-memory one, whether the app passed task options or built the extension.
  const tasks = app.server.options.extensions?.find((extension) => extension.id === TASKS_EXTENSION);
  if (tasks instanceof TasksExtension && tasks.manager.store instanceof InMemoryTaskStore) {
    const store =
      target === 'workers'
        ? 'a DurableObjectTaskStore from @decorum/cli/workers, with the TaskStoreObject it talks to exported and bound'
        : 'e.g. a RedisTaskStore from @decorum/redis';
    problems.push(
      `tasks are kept in this instance's memory: pass a shared store, \`new McpApp({ tasks: { store } })\` (${store}), or leave \`tasks\` out`,
    );
  }
  if (serving.stateless && serving.http.stateless === false) {
    problems.push(
      'the listen options ask for sessions (`stateless: false`): pass a `scaleOut` (e.g. redisScaleOut(url) from @decorum/redis), or drop `stateless: false`',
    );
  }
  if (serving.stateless && serving.http.legacySse) {
    problems.push(
      'the 2024-11-05 HTTP+SSE transport (`legacySse`) needs sessions: pass a `scaleOut`, or drop `legacySse`',
    );
  }
  if (problems.length > 0) {
    throw new StatelessTargetError(
      `The ${target} target shares no memory between requests, so the app cannot start as configured:\n- ${problems.join('\n- ')}`,
    );
  }
}
