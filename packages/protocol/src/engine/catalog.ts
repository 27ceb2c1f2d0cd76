// What a server serves: one provider per kind, set through ProtocolServer's setters only, and the
// per-list work done once per list instead of per request (version-shaped copies, a tool index).

import { headerParams } from './modern/http-headers.js';
import type { CompletionProvider, PromptsProvider, ResourcesProvider, ToolsProvider } from './providers.js';
import { shapeListItem } from './shaping.js';
import type { JsonObject, ToolDefinition } from './types.js';

/** The kinds of primitives whose lists change (and are announced). */
export type ListKind = 'tools' | 'resources' | 'prompts';
type ListKey = 'tools' | 'resources' | 'resourceTemplates' | 'prompts';

/** A tool found by name, with the `x-mcp-header` mapping of its input schema (header → argument path). */
export interface IndexedTool {
  readonly tool: ToolDefinition;
  readonly headers: ReadonlyMap<string, readonly string[]>;
}

/** The providers of one server. Read-only to everything but the server's setters. */
export class Catalog {
  private toolsProvider?: ToolsProvider;
  private resourcesProvider?: ResourcesProvider;
  private promptsProvider?: PromptsProvider;
  private completionProvider?: CompletionProvider;
  // Extensions (SEP-2133) advertised as `capabilities.extensions`; one object, rebuilt on change.
  private extensionSettings?: Record<string, JsonObject>;
  // Version-shaped copies of provider lists, keyed by the provider's array instance: a provider that
  // returns the same array until its items change pays for shaping once per revision, not per call.
  private readonly shapedLists = new WeakMap<readonly JsonObject[], Map<string, JsonObject[]>>();
  // Tools by name, with their header mapping, per tools list instance (modern tools/call needs both).
  private readonly toolIndexes = new WeakMap<readonly ToolDefinition[], Map<string, IndexedTool>>();

  get tools(): ToolsProvider | undefined {
    return this.toolsProvider;
  }

  get resources(): ResourcesProvider | undefined {
    return this.resourcesProvider;
  }

  get prompts(): PromptsProvider | undefined {
    return this.promptsProvider;
  }

  get completion(): CompletionProvider | undefined {
    return this.completionProvider;
  }

  setTools(provider: ToolsProvider | undefined): void {
    this.toolsProvider = provider;
  }

  setResources(provider: ResourcesProvider | undefined): void {
    this.resourcesProvider = provider;
  }

  setPrompts(provider: PromptsProvider | undefined): void {
    this.promptsProvider = provider;
  }

  setCompletion(provider: CompletionProvider | undefined): void {
    this.completionProvider = provider;
  }

  /** The extensions to advertise, by identifier (undefined when none). */
  get extensions(): Readonly<Record<string, JsonObject>> | undefined {
    return this.extensionSettings;
  }

  /** Advertises extension `id` with `settings`; undefined stops advertising it. */
  setExtension(id: string, settings: JsonObject | undefined): void {
    const { [id]: _previous, ...others } = this.extensionSettings ?? {};
    const next: Record<string, JsonObject> = settings === undefined ? others : { ...others, [id]: settings };
    this.extensionSettings = Object.keys(next).length > 0 ? next : undefined;
  }

  /** True when a provider of that kind is registered. */
  has(kind: ListKind): boolean {
    return (
      (kind === 'tools' ? this.toolsProvider : kind === 'resources' ? this.resourcesProvider : this.promptsProvider) !==
      undefined
    );
  }

  /**
   * A provider's list shaped for a revision, cached per list instance (`extended`: for a client that
   * negotiated one of the advertised extensions, see carriesExtensionFields).
   */
  shapedList(key: ListKey, items: readonly JsonObject[], version: string, extended = false): readonly JsonObject[] {
    let byVersion = this.shapedLists.get(items);
    if (byVersion === undefined) {
      byVersion = new Map();
      this.shapedLists.set(items, byVersion);
    }
    const profile = extended ? `${version}+extensions` : version;
    let shaped = byVersion.get(profile);
    if (shaped === undefined) {
      shaped = items.map((item) => shapeListItem(key, item, version, extended));
      byVersion.set(profile, shaped);
    }
    return shaped;
  }

  /** The tool named `name` in a tools list, indexed once per list instance. */
  findTool(list: readonly ToolDefinition[], name: unknown): IndexedTool | undefined {
    let index = this.toolIndexes.get(list);
    if (index === undefined) {
      index = new Map();
      for (const tool of list) index.set(tool.name, { tool, headers: headerParams(tool) });
      this.toolIndexes.set(list, index);
    }
    return typeof name === 'string' ? index.get(name) : undefined;
  }
}
