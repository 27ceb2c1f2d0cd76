// What an app serves besides its own providers: mounted servers and transforms over everything. The
// app hands its own providers in at each build and gets the composed ones back; the mounts connect
// once, before the app serves, and a name two primitives would share fails startup.
import type {
  CompletionProvider,
  EngineLogger,
  PromptsProvider,
  ProtocolServer,
  ResourcesProvider,
  ToolsProvider,
} from '@decorum/protocol';
import type { McpAppOptions } from '../runtime/app-options.js';
import type { CompileDeps } from '../runtime/compile.js';
import type { ScopeHints } from '../runtime/scope-hints.js';
import { closest } from '../runtime/suggest.js';
import type { Manifest } from '../scanner/manifest.js';
import { taskPolicyOf } from '../tasks/task-option.js';
import { CompositionError } from './compose-errors.js';
import { composeCompletion, composePrompts } from './composed-prompts.js';
import { composeResources } from './composed-resources.js';
import { composeTools, type PipedMount } from './composed-tools.js';
import { DownstreamSessions } from './downstream-sessions.js';
import { compileMountPipeline } from './mount-pipeline.js';
import type { Mount } from './mount-types.js';
import { type ListKind, type MountEvents, MountedServer } from './mounted-server.js';
import { PREFIX_PATTERN } from './naming.js';
import { NameTransforms, type PromptTransform, type ToolTransform, type Transforms } from './transforms.js';

/** The providers an app hands to the engine. */
export interface ServedProviders {
  tools?: ToolsProvider;
  resources?: ResourcesProvider;
  prompts?: PromptsProvider;
  completion?: CompletionProvider;
}

/**
 * The composition of an app that has mounts or transforms (undefined otherwise), announcing through its
 * engine; its mounts are closed with the app (through `closers`).
 */
export function composeApp(
  options: McpAppOptions,
  deps: CompileDeps,
  engine: () => ProtocolServer,
  logger: EngineLogger,
  closers: (() => Promise<void>)[],
): Composition | undefined {
  if (options.mounts === undefined && options.transforms === undefined) return undefined;
  const downstream = new DownstreamSessions(engine);
  const composition = new Composition(
    options.mounts ?? [],
    options.transforms ?? {},
    deps,
    {
      listChanged: (kind) => engine().notifyListChanged(kind),
      resourceUpdated: (uri) => engine().notifyResourceUpdated(uri),
      warn: (message) => logger.warn(message),
      outside: downstream,
    },
    options.tasks !== undefined,
  );
  closers.push(async () => {
    downstream.close();
    await composition.close();
  });
  return composition;
}

/** Mounts and transforms of one app. */
export class Composition {
  private readonly mounts: PipedMount[];
  private readonly tools: NameTransforms<ToolTransform>;
  private readonly prompts: NameTransforms<PromptTransform>;
  private started = false;
  private readonly served = new Set<string>();

  constructor(
    mounts: readonly Mount[],
    private readonly transforms: Transforms,
    deps: CompileDeps,
    private readonly events: MountEvents,
    /** The app serves tasks: mounted tools keep their task support, and their downstream tasks are ours. */
    private readonly tasks = false,
  ) {
    const prefixes = new Set<string>();
    for (const mount of mounts) {
      if (typeof mount.prefix !== 'string' || !PREFIX_PATTERN.test(mount.prefix)) {
        throw new CompositionError(
          `Invalid mount prefix "${String(mount.prefix)}": use up to 64 letters, digits, "-" or "." (no "_", which joins the prefix to names), e.g. { prefix: 'gh' }, or '' to keep the mounted names.`,
        );
      }
      if (prefixes.has(mount.prefix)) {
        throw new CompositionError(`Two mounts share the prefix "${mount.prefix}": give each mount its own prefix.`);
      }
      prefixes.add(mount.prefix);
    }
    this.mounts = mounts.map((mount) => ({
      server: new MountedServer(mount, events),
      pipeline: compileMountPipeline(mount, deps),
    }));
    this.tools = new NameTransforms(transforms.tools);
    this.prompts = new NameTransforms(transforms.prompts);
  }

  /**
   * Connects every mount, then checks that no two primitives share a name and that each transform has its
   * primitive. The app builds again after it, so capabilities follow what the mounted servers serve.
   */
  async start(manifest: () => Manifest): Promise<void> {
    await Promise.all(this.mounts.map((m) => m.server.start()));
    this.check(manifest());
    this.started = true;
  }

  /** The engine's providers: the app's own (from this build) composed with the mounts and transforms. */
  providers(own: ServedProviders, manifest: Manifest): ServedProviders {
    this.events.outside?.follow?.();
    // The own tools' task policies come from the manifest (as the app's own provider builds them), whatever layer
    // wraps that provider.
    const toolNames = new Map(manifest.tools.map((t) => [t.name, taskPolicyOf(t.options.task)]));
    const promptNames = new Set(manifest.prompts.map((p) => p.name));
    const uris = new Set(manifest.resources.map((r) => r.uri));
    const hasResources = manifest.resources.length + manifest.templates.length > 0;
    const subscribe = hasResources || this.mounts.some((m) => m.server.serves('resources', 'subscribe'));
    return {
      tools: this.serving('tools', toolNames.size > 0)
        ? composeTools(own.tools, toolNames, this.mounts, this.tools, this.tasks)
        : undefined,
      resources: this.serving('resources', hasResources)
        ? composeResources(own.resources, uris, this.mounts, this.transforms.resources ?? {}, subscribe)
        : undefined,
      prompts: this.serving('prompts', promptNames.size > 0)
        ? composePrompts(own.prompts, promptNames, this.mounts, this.prompts)
        : undefined,
      completion: this.serving('completions', manifest.completions.length > 0)
        ? composeCompletion(own.completion, promptNames, this.mounts, this.prompts)
        : undefined,
    };
  }

  /**
   * Whether the app serves a kind (so advertises its capability): when it has its own, or a mount's server
   * declares it. Before the mounts connected nothing is known, so everything is; once served, a kind stays.
   */
  private serving(kind: 'tools' | 'resources' | 'prompts' | 'completions', own: boolean): boolean {
    const yes = !this.started || own || this.served.has(kind) || this.mounts.some((m) => m.server.serves(kind));
    if (yes && this.started) this.served.add(kind);
    return yes;
  }

  /**
   * The scopes a 401 asks for (`app.scopesFor`): an own primitive's under its shown name, a mounted one's
   * from its mount's `scopes`.
   */
  hints(own: ScopeHints): ScopeHints {
    return ({ method, name }) => {
      if (name === undefined) return undefined;
      const transforms = method === 'tools/call' ? this.tools : method === 'prompts/get' ? this.prompts : undefined;
      const original = transforms === undefined ? name : transforms.original(name);
      if (original === undefined) return undefined;
      const mine = own({ method, name: original });
      if (mine !== undefined) return mine;
      for (const { server } of this.mounts) {
        const naming = server.naming;
        const upstream = method === 'resources/read' ? naming.unuri(original) : naming.unname(original);
        const scopes = server.mount.scopes;
        if (upstream !== undefined && !naming.none && scopes !== undefined && scopes.length > 0) return scopes;
      }
      return undefined;
    };
  }

  /** Every scope a mount requires of its callers (its `scopes` option). */
  get scopes(): string[] {
    return this.mounts.flatMap(({ server }) => server.mount.scopes ?? []);
  }

  /** Closes every mount's connection. */
  async close(): Promise<void> {
    await Promise.all(this.mounts.map((m) => m.server.close()));
  }

  private check(manifest: Manifest): void {
    const kinds: { kind: ListKind; own: string[]; mounted: (m: MountedServer) => string[] }[] = [
      { kind: 'tools', own: manifest.tools.map((t) => t.name), mounted: (m) => m.lists.tools.map((t) => t.name) },
      { kind: 'prompts', own: manifest.prompts.map((p) => p.name), mounted: (m) => m.lists.prompts.map((p) => p.name) },
      {
        kind: 'resources',
        own: [...manifest.resources.map((r) => r.uri), ...manifest.templates.map((t) => t.uriTemplate)],
        mounted: (m) => [...m.lists.resources.map((r) => r.uri), ...m.lists.templates.map((t) => t.uriTemplate)],
      },
    ];
    for (const { kind, own, mounted } of kinds) {
      const owners = new Map(own.map((name) => [name, 'the app']));
      for (const { server } of this.mounts) {
        for (const name of mounted(server)) {
          const first = owners.get(name);
          if (first !== undefined) {
            throw new CompositionError(
              `${kind} "${name}" is served by both ${first} and ${server.label}: mount it under another prefix, or rename the app's own.`,
            );
          }
          owners.set(name, server.label);
        }
      }
      this.checkTransforms(kind, owners);
    }
  }

  private checkTransforms(kind: ListKind, owners: Map<string, string>): void {
    const table =
      (kind === 'tools'
        ? this.transforms.tools
        : kind === 'prompts'
          ? this.transforms.prompts
          : this.transforms.resources) ?? {};
    // A transform under a mount that is down is checked when it can be: not at startup.
    const down = this.mounts.filter((m) => !m.server.connected).map((m) => m.server.naming);
    const shown = new Map<string, string>();
    for (const name of owners.keys()) {
      // Own keys only: a tool named `constructor` has no transform.
      const transform = Object.hasOwn(table, name) ? table[name] : undefined;
      if (transform?.hidden) continue;
      const as = transform?.name ?? name;
      const clash = kind === 'resources' ? undefined : shown.get(as);
      if (clash !== undefined) {
        throw new CompositionError(
          `transforms.${kind}: "${name}" and "${clash}" would both be shown as "${as}": rename one of them.`,
        );
      }
      shown.set(as, name);
    }
    for (const name of Object.keys(table)) {
      if (owners.has(name) || down.some((n) => n.unname(name) !== undefined || n.unuri(name) !== undefined)) continue;
      const near = closest(name, owners.keys());
      throw new CompositionError(
        `transforms.${kind}: nothing is named "${name}"${near ? `; did you mean "${near}"?` : ''} (mounted ones take their prefix, e.g. "gh_search").`,
      );
    }
  }
}
