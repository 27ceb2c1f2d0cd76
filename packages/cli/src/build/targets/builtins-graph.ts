// Which Node built-ins a bundle reaches, and how, read from esbuild's metafile: a built-in imported on
// the way from the entry (static imports and requires) is on the request path; one reached only
// through a dynamic import of a Node-only module (core's `import('@decorum/protocol/stdio')` in
// `listen`) is not, and that module is replaced by one that throws when imported.
import type { Metafile } from 'esbuild';

/** A built-in on the request path, with the import chain from the entry that reaches it. */
export interface StaticBuiltin {
  builtin: string;
  chain: string[];
}

/** What {@link builtinsGraph} found. */
export interface BuiltinsGraph {
  /** Built-ins statically reachable from the entry, each with one chain that reaches it. */
  onRequestPath: StaticBuiltin[];
  /** Specifiers of dynamic imports whose module reaches a built-in: to be stubbed. */
  nodeOnlyImports: Set<string>;
}

type Edge = Metafile['inputs'][string]['imports'][number];

const isStatic = (edge: Edge) => edge.kind !== 'dynamic-import';

/** True for a Node built-in as esbuild records it (external, `node:` or a bare built-in name). */
export type IsBuiltin = (path: string) => boolean;

/** Reads the graph of `metafile` from `entry` (its key in `metafile.inputs`). */
export function builtinsGraph(metafile: Metafile, entry: string, isBuiltin: IsBuiltin): BuiltinsGraph {
  const edges = (path: string): Edge[] => metafile.inputs[path]?.imports ?? [];
  // Breadth first over static edges: each module's parent, so a chain can be told.
  const parent = new Map<string, string | undefined>([[entry, undefined]]);
  const onRequestPath: StaticBuiltin[] = [];
  const queue = [entry];
  for (let i = 0; i < queue.length; i++) {
    const from = queue[i] as string;
    for (const edge of edges(from).filter(isStatic)) {
      if (edge.external) {
        if (isBuiltin(edge.path) && !onRequestPath.some((b) => b.builtin === edge.path)) {
          onRequestPath.push({ builtin: edge.path, chain: chainTo(parent, from) });
        }
      } else if (!parent.has(edge.path)) {
        parent.set(edge.path, from);
        queue.push(edge.path);
      }
    }
  }
  const nodeOnlyImports = new Set<string>();
  const reachesBuiltin = memoReach(edges, isBuiltin);
  for (const from of Object.keys(metafile.inputs)) {
    for (const edge of edges(from)) {
      if (edge.kind === 'dynamic-import' && !edge.external && reachesBuiltin(edge.path)) {
        nodeOnlyImports.add(edge.original ?? edge.path);
      }
    }
  }
  return { onRequestPath, nodeOnlyImports };
}

function chainTo(parent: Map<string, string | undefined>, last: string): string[] {
  const chain: string[] = [];
  for (let at: string | undefined = last; at !== undefined; at = parent.get(at)) chain.unshift(at);
  return chain;
}

/** Whether a module statically reaches a built-in (a search per dynamic import: there are few). */
function memoReach(edges: (path: string) => Edge[], isBuiltin: IsBuiltin): (path: string) => boolean {
  const known = new Map<string, boolean>();
  return (start) => {
    const cached = known.get(start);
    if (cached !== undefined) return cached;
    const seen = new Set([start]);
    const queue = [start];
    let found = false;
    for (let i = 0; i < queue.length && !found; i++) {
      for (const edge of edges(queue[i] as string).filter(isStatic)) {
        if (edge.external) found ||= isBuiltin(edge.path);
        else if (!seen.has(edge.path)) {
          seen.add(edge.path);
          queue.push(edge.path);
        }
      }
    }
    known.set(start, found);
    return found;
  };
}
