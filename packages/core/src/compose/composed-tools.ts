// The tools clients see: the app's own and every mount's, transformed. A call is mapped back (shown
// name → original, arguments → the handler's) and goes to the own provider or through the mount's
// pipeline to the mounted server.
import {
  type CallToolResult,
  ErrorCode,
  type JsonObject,
  McpError,
  type RequestContext,
  type ToolDefinition,
  type ToolsProvider,
} from '@decorum/protocol';
import { type TaskPolicy, type TaskSupport, taskControlOf, taskSupportOf } from '@decorum/protocol/tasks';
import { allows } from '../runtime/scopes.js';
import { echoed, unknownName } from '../runtime/suggest.js';
import { ListCache } from './list-cache.js';
import type { MountedPipeline } from './mount-pipeline.js';
import type { MountedServer } from './mounted-server.js';
import { NameTransforms, shownItem, type ToolTransform, transformArguments, transformSchema } from './transforms.js';

/** A mount with its compiled pipeline. */
export interface PipedMount {
  server: MountedServer;
  pipeline: MountedPipeline;
}

const EMPTY: readonly ToolDefinition[] = [];

const toolAnswer = {
  result: (message: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text: message }] }),
};

/**
 * A tool as shown: transformed; a mounted one keeps its task support when the app serves tasks (`tasks`), and is
 * otherwise shown as a plain tool (`taskSupport: 'forbidden'` — the mount still calls it upstream as a task when it
 * requires one, and answers synchronously); a tool that said nothing, or `forbidden`, is shown as it came.
 */
export function shownTool(
  tool: ToolDefinition,
  transform: ToolTransform | undefined,
  mounted: boolean,
  tasks = false,
): ToolDefinition {
  let out = shownItem(tool, transform);
  const support = out.execution?.taskSupport;
  if (mounted && !tasks && support !== undefined && support !== 'forbidden') {
    out = { ...out, execution: { ...out.execution, taskSupport: 'forbidden' } };
  }
  if (transform?.annotations !== undefined)
    out = { ...out, annotations: { ...tool.annotations, ...transform.annotations } };
  if (transform?.arguments !== undefined)
    out = { ...out, inputSchema: transformSchema(tool.inputSchema, transform.arguments) };
  return out;
}

/** The mount serving a shown (prefixed) tool name, with the tool as it listed it. */
function mountedTool(mounts: readonly PipedMount[], original: string) {
  for (const { server } of mounts) {
    const tool = server.lists.tools.find((t) => t.name === original);
    if (tool !== undefined) return { server, tool };
  }
  return undefined;
}

/**
 * Whether the mount calls upstream as a task: always for a tool that requires it (even when the downstream call is
 * plain: it is then followed to its end and answered synchronously), for an optional one when the downstream call
 * is a task itself.
 */
async function upstreamTask(support: TaskSupport, ctx: RequestContext): Promise<boolean> {
  if (support === 'required') return true;
  // Idempotent: the downstream task was started before the call (policy `immediate`); false when it is no task.
  const control = taskControlOf(ctx);
  return support === 'optional' && control !== undefined && (await control.continueAsTask());
}

/**
 * Composes the own tools provider (if any), the mounts' tools and the transforms into one provider. With `tasks`
 * (the app serves tasks) a mounted tool keeps its upstream task support, and its downstream task is our own.
 */
export function composeTools(
  own: ToolsProvider | undefined,
  /** The own tools' names, each with its task policy (undefined: never a task). */
  ownNames: ReadonlyMap<string, TaskPolicy | undefined>,
  mounts: readonly PipedMount[],
  transforms: NameTransforms<ToolTransform>,
  tasks = false,
): ToolsProvider {
  const cache = new ListCache<readonly ToolDefinition[], ToolDefinition>(([ownList = EMPTY, ...mounted]) => {
    const seen = new Set<string>();
    const out: ToolDefinition[] = [];
    const add = (tool: ToolDefinition, isMounted: boolean) => {
      // An own tool wins over a mounted one that later took its name (startup refuses such a clash).
      if (seen.has(tool.name)) return;
      seen.add(tool.name);
      if (transforms.shown(tool.name) === undefined) return;
      out.push(shownTool(tool, transforms.of(tool.name), isMounted, tasks));
    };
    for (const tool of ownList) add(tool, false);
    for (const list of mounted) for (const tool of list) add(tool, true);
    return out;
  });

  const list = async (ctx: RequestContext) => {
    const ownList = own === undefined ? EMPTY : await own.list(ctx);
    const parts = mounts.map((m) => (allows(ctx.authInfo, m.server.mount.scopes) ? m.server.lists.tools : EMPTY));
    return cache.get([ownList, ...parts]);
  };

  const unknown = async (name: string, ctx: RequestContext): Promise<never> => {
    const known = (await list(ctx)).map((t) => t.name);
    throw new McpError(ErrorCode.InvalidParams, unknownName('Unknown tool', name, known), { name: echoed(name) });
  };

  return {
    list,
    taskPolicy: (name) => {
      const original = transforms.original(name);
      if (original === undefined) return undefined;
      if (ownNames.has(original)) return own?.taskPolicy?.(original) ?? ownNames.get(original);
      if (!tasks) return undefined;
      // A mounted tool's downstream task is ours, started before the call goes upstream.
      const support = taskSupportOf(mountedTool(mounts, original)?.tool);
      return support === 'forbidden' ? undefined : { support, start: 'immediate' };
    },
    async call({ name, arguments: sent = {}, _meta }, ctx) {
      const original = transforms.original(name);
      if (original === undefined) return unknown(name, ctx);
      const argTransforms = transforms.of(original)?.arguments;
      const args = argTransforms === undefined ? sent : (transformArguments(sent, argTransforms) as JsonObject);
      if (ownNames.has(original) && own !== undefined) {
        return own.call({ name: original, arguments: args, ...(_meta !== undefined && { _meta }) }, ctx);
      }
      for (const { server, pipeline } of mounts) {
        const upstream = server.naming.unname(original);
        if (upstream === undefined) continue;
        // While the mount is down its tools are unlisted, but a call still learns why it fails.
        if (server.connected && !server.lists.tools.some((t) => t.name === original)) continue;
        const support = taskSupportOf(server.lists.tools.find((t) => t.name === original));
        return pipeline({ kind: 'tool', name, upstream, args, request: ctx }, toolAnswer, async () =>
          server.callTool(upstream, args, ctx, await upstreamTask(support, ctx)),
        );
      }
      // Neither ours nor any mount's: "did you mean" over every tool shown, own and mounted.
      return unknown(name, ctx);
    },
  };
}
