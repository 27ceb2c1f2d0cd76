// A mount's lists (prefixed as shown) and how they follow the mounted server's list_changed: a burst of
// announcements costs one list at a time and one more after it (never one per announcement), and a list that came
// back the same keeps its array (the engine caches per array) and is not announced to our clients.
import type {
  PromptDefinition,
  ResourceDefinition,
  ResourceTemplateDefinition,
  ToolDefinition,
} from '@decorum/protocol';
import type { UpstreamClient } from './mount-types.js';
import type { MountNaming } from './naming.js';

/** The kinds of lists a mount announces changes of. */
export type ListKind = 'tools' | 'resources' | 'prompts';

/** The lists of a mount, prefixed, each a new array when it changes (the engine caches per array). */
export interface MountLists {
  tools: readonly ToolDefinition[];
  resources: readonly ResourceDefinition[];
  templates: readonly ResourceTemplateDefinition[];
  prompts: readonly PromptDefinition[];
}

/** No lists: a mount not connected. */
export const NO_LISTS: MountLists = { tools: [], resources: [], templates: [], prompts: [] };

/** Fetches the lists the server serves (only `only`, keeping the rest of `current`), prefixed by `naming`. */
export async function fetchLists(
  client: UpstreamClient,
  naming: MountNaming,
  current: MountLists,
  only?: ListKind,
): Promise<MountLists> {
  const caps = client.serverCapabilities;
  const want = (kind: ListKind) => (only === undefined || only === kind) && caps[kind] !== undefined;
  const base = only === undefined ? NO_LISTS : current;
  const [tools, resources, templates, prompts] = await Promise.all([
    want('tools') ? client.listTools() : undefined,
    want('resources') ? client.listResources() : undefined,
    want('resources') ? client.listResourceTemplates().catch(() => []) : undefined,
    want('prompts') ? client.listPrompts() : undefined,
  ]);
  return {
    tools: tools?.map((t) => ({ ...t, name: naming.name(t.name) })) ?? base.tools,
    resources: resources?.map((r) => ({ ...r, uri: naming.uri(r.uri) })) ?? base.resources,
    templates: templates?.map((t) => ({ ...t, uriTemplate: naming.uri(t.uriTemplate) })) ?? base.templates,
    prompts: prompts?.map((p) => ({ ...p, name: naming.name(p.name) })) ?? base.prompts,
  };
}

/** Whether the lists of `kind` are the same in both (by content). */
export function sameLists(a: MountLists, b: MountLists, kind: ListKind): boolean {
  if (kind === 'resources') {
    return JSON.stringify([a.resources, a.templates]) === JSON.stringify([b.resources, b.templates]);
  }
  return JSON.stringify(a[kind]) === JSON.stringify(b[kind]);
}

/**
 * Runs work per key one at a time: asked again while it runs, it runs once more after (however many times it was
 * asked), so a burst of requests costs at most two runs.
 */
export class Coalesced<K> {
  private readonly running = new Map<K, { again: boolean }>();

  run(key: K, work: () => Promise<void>): void {
    const current = this.running.get(key);
    if (current !== undefined) {
      current.again = true;
      return;
    }
    const state = { again: false };
    this.running.set(key, state);
    void (async () => {
      try {
        do {
          state.again = false;
          await work();
        } while (state.again);
      } finally {
        this.running.delete(key);
      }
    })();
  }
}
