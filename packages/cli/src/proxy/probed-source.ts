// The proxy's first connection, made before its app exists: what the upstream server declares decides what the
// proxy serves (tasks on when the upstream runs tools/call as tasks), and the app's mount then takes over this very
// connection instead of opening a second one (a command is not spawned twice).
import type { MountSource, UpstreamClient, UpstreamHandlers } from '@decorum/core';
import type { JsonObject } from '@decorum/protocol';

/** A source already connected once, and what its server declared. */
export interface ProbedSource {
  source: MountSource;
  capabilities: JsonObject;
}

/**
 * Connects `source` once; the returned source hands that connection to the first `connect` (later ones connect
 * anew). Questions the server asks before the mount takes over get no roots, and errors for sampling or
 * elicitation: no client is connected to the proxy yet to answer them.
 */
export async function probeSource(source: MountSource): Promise<ProbedSource> {
  let handlers: UpstreamHandlers | undefined;
  const asked = () => {
    if (handlers === undefined) throw new Error('No client is connected to the proxy yet');
    return handlers;
  };
  const late: UpstreamHandlers = {
    sampling: async (params, info) => asked().sampling(params, info),
    elicitation: async (params, info) => asked().elicitation(params, info),
    roots: async (info) => (handlers === undefined ? [] : handlers.roots(info)),
  };
  let first: UpstreamClient | undefined = await source.connect(late);
  return {
    capabilities: first.serverCapabilities,
    source: {
      label: source.label,
      async connect(given) {
        handlers = given;
        const client = first;
        first = undefined;
        return client ?? source.connect(given);
      },
    },
  };
}

/** Whether a server's capabilities say it runs `tools/call` as a task (2025-11-25 `tasks`, or the extension). */
export function runsToolTasks(capabilities: JsonObject): boolean {
  const legacy = (capabilities.tasks as { requests?: { tools?: { call?: unknown } } } | undefined)?.requests?.tools;
  const extensions = capabilities.extensions as JsonObject | undefined;
  return legacy?.call !== undefined || extensions?.['io.modelcontextprotocol/tasks'] !== undefined;
}
