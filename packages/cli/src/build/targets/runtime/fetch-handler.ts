// From the user's app module to a Fetch handler: the app it listened with (captured), else the one it
// exports (`app`, `default`, or a `createApp()` factory, as for every `decorum` command); its HTTP
// options from that `listen` call; the stateless mode where the target keeps nothing between requests.
import type { ListenOptions, McpApp } from '@decorum/core';
import { TASKS_EXTENSION, TasksExtension } from '@decorum/protocol/tasks';
import { takeCaptured } from './capture.js';
import { checkStateless } from './stateless-check.js';

/** How the generated entry asks for its handler. */
export interface FetchHandlerOptions {
  /** The target's name, for messages. */
  target: string;
  /** The target shares no memory between requests: serve stateless unless a session store is configured. */
  stateless: boolean;
  /** The platform's bindings, passed to the module's `createApp(env)` (Workers: the Worker's `env`). */
  env?: unknown;
}

/** The part of a Worker's `ExecutionContext` the handler uses: work that outlives the response. */
export interface WaitUntil {
  waitUntil(promise: Promise<unknown>): void;
}

/**
 * A Fetch handler, with the MCP endpoint path it serves. Given the request's execution context, it
 * keeps the request alive after its response until the tasks running here have finished.
 */
export type TargetFetch = ((request: Request, context?: WaitUntil) => Promise<Response>) & { readonly path: string };

type HttpWhere = Extract<ListenOptions, { http: unknown }>['http'];

function isApp(value: unknown): value is McpApp {
  const app = value as Partial<McpApp> | null;
  return (
    typeof app === 'object' && app !== null && typeof app.fetch === 'function' && typeof app.httpHandler === 'function'
  );
}

async function exportedApp(module: Record<string, unknown>, env: unknown): Promise<McpApp | undefined> {
  for (const key of ['app', 'default']) if (isApp(module[key])) return module[key];
  if (typeof module.createApp === 'function') {
    const made = await module.createApp(env);
    if (isApp(made)) return made;
  }
  return undefined;
}

/**
 * The app of `module` as a Fetch handler for `options.target`. The handler serves the MCP endpoint at
 * the path the app listened with (default `/mcp`) and the listen options' `routes`; anything else is 404.
 * @throws when the module builds no app, or the app needs state the target cannot keep (StatelessTargetError).
 */
export async function fetchHandler(
  module: Record<string, unknown>,
  options: FetchHandlerOptions,
): Promise<TargetFetch> {
  const captured = takeCaptured();
  const app = captured.app ?? (await exportedApp(module, options.env));
  if (app === undefined) {
    throw new Error(
      `The app module built no Decorum app for the ${options.target} target: export it (\`export const app = new McpApp({ … })\`, ` +
        'a default export, or `export function createApp()`), or call `app.listen(…)` in it.',
    );
  }
  const where: Partial<HttpWhere> = captured.where !== undefined && 'http' in captured.where ? captured.where.http : {};
  // Node-only parts of the listen options (the socket, signals, health probes) have no meaning here.
  const { port: _port, host: _host, handleSignals: _signals, health: _health, routes, auth, ...http } = where;
  const path = http.path ?? '/mcp';
  const stateless = options.stateless && http.scaleOut === undefined;
  if (options.stateless) checkStateless(app, options.target, { stateless, http });
  if (typeof auth === 'function') {
    throw new Error(
      `The ${options.target} target cannot make \`auth\` from the bound endpoint (there is no socket): pass the HttpAuth itself, with its resource URL.`,
    );
  }
  app.httpHandler({ ...http, ...(auth !== undefined && { auth }), path, stateless });
  const tasks = app.server.options.extensions?.find((extension) => extension.id === TASKS_EXTENSION);
  const manager = tasks instanceof TasksExtension ? tasks.manager : undefined;
  const handler = (request: Request, context?: WaitUntil): Promise<Response> => {
    const route = routes?.[new URL(request.url).pathname];
    if (route !== undefined) return Promise.resolve(route(request));
    if (manager === undefined || context === undefined) return app.fetch(request);
    // A task's handler goes on after its CreateTaskResult, but a Worker ends a request's work with its
    // response unless told to wait: the request waits for the tasks it started (those running now that
    // did not before). A task started later, inside a streamed response, is not covered.
    const before = new Set(manager.runningTaskIds());
    const response = app.fetch(request);
    const started = () =>
      Promise.all(
        manager
          .runningTaskIds()
          .filter((taskId) => !before.has(taskId))
          .map((taskId) => manager.settled(taskId)),
      );
    context.waitUntil(response.then(started, started));
    return response;
  };
  return Object.assign(handler, { path });
}
