import {
  consoleLogger,
  ProtocolServer,
  StreamableHttpHandler,
  type StreamableHttpOptions,
  type Transport,
} from '@decorum/protocol';
import { uiLayer } from '../apps/ui-layer.js';
import { UI_EXTENSION_ID } from '../apps/ui-types.js';
import { type Composition, composeApp } from '../compose/composition.js';
import { AppConfigurationError, DecoratorMetadataError } from '../errors.js';
import type { Class } from '../metadata/types.js';
import type { Manifest } from '../scanner/manifest.js';
import { scanProviders } from '../scanner/metadata-scanner.js';
import { resolveSkillFolders } from '../skills/skill-folder.js';
import { appSkills, type SkillsLayer } from '../skills/skill-providers.js';
import { appHost, type Hosting } from './app-host.js';
import { appObservability } from './app-observability.js';
import type { McpAppOptions } from './app-options.js';
import type { CompileDeps } from './compile.js';
import { buildCompletionProvider } from './completion-handler.js';
import { type Container, TypediContainer } from './container.js';
import { createSchemaServices } from './default-schemas.js';
import type { ListenOptions } from './listen-options.js';
import {
  diffManifests,
  hasChanges,
  type ManifestChanges,
  type ManifestSignatures,
  manifestSignatures,
} from './manifest-diff.js';
import { kindPolicies } from './policies.js';
import { buildPromptsProvider } from './prompt-handlers.js';
import { buildResourcesProvider } from './resource-handlers.js';
import { type NamedPrimitive, type ScopeHints, scopeHints } from './scope-hints.js';
import { serveAppHttp } from './serve-app-http.js';
import { buildToolsProvider } from './tool-handlers.js';

const production = () =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.NODE_ENV === 'production';

/**
 * A Decorum MCP server: scans its providers once, compiles every handler, and binds them to the
 * protocol engine. Serve it over stdio or HTTP with `listen`, from any Fetch runtime with `fetch`,
 * or over any transport with `connect`.
 * @example
 * await new McpApp({ name: 'weather', version: '1.0.0', providers: [WeatherServer] }).listen({ stdio: true });
 */
export class McpApp {
  readonly container: Container;
  private engine: ProtocolServer;
  private readonly providers: Class[];
  private readonly deps: CompileDeps;
  private readonly policies: ReturnType<typeof kindPolicies>;
  private http?: StreamableHttpHandler;
  private current?: Manifest;
  private signatures?: ManifestSignatures;
  private changes: ManifestChanges = noChanges();
  private hints: ScopeHints = () => undefined;
  private closers: (() => Promise<void>)[] = [];
  // Set while @opentelemetry/api loads (telemetry on): serving waits for it once, then it is cleared.
  private loading?: Promise<void>;
  private readonly composition?: Composition;
  // Skills (SEP-2640): read and checked at construction, and again by reloadSkills (`decorum dev`).
  private skills?: SkillsLayer;

  constructor(private readonly options: McpAppOptions) {
    if (!Array.isArray(options.providers))
      throw new AppConfigurationError('McpApp needs { providers: [SomeClass, …] }');
    const logger = options.logger ?? consoleLogger;
    const observability = appObservability(options);
    this.engine = new ProtocolServer({
      serverInfo: {
        name: options.name,
        version: options.version,
        ...(options.title && { title: options.title }),
        ...(options.description && { description: options.description }),
        ...(options.websiteUrl && { websiteUrl: options.websiteUrl }),
        ...(options.icons && { icons: options.icons }),
      },
      instructions: options.instructions,
      pageSize: options.pageSize,
      requestTimeoutMs: options.requestTimeoutMs,
      exposeErrors: options.exposeErrors,
      logger,
      modern: options.modern,
      instrumentation: observability.instrumentation,
      tasks: options.tasks,
    });
    this.container = options.container ?? new TypediContainer();
    // The app is a service of its own container: a provider can take it to add tools at runtime.
    (this.container as Partial<{ set(token: Class, value: unknown): void }>).set?.(McpApp, this);
    this.providers = [...options.providers];
    const services = options.schemas ?? createSchemaServices(options.validation, (message) => logger.warn(message));
    this.deps = {
      container: this.container,
      services,
      guards: options.guards ?? [],
      interceptors: options.interceptors ?? [],
      notifyResourceUpdated: (uri) => this.server.notifyResourceUpdated(uri),
      errors: { exposeErrors: options.exposeErrors ?? false, logger },
    };
    this.policies = kindPolicies({ services, validateOutput: options.validateOutput ?? !production() });
    this.skills = appSkills(options.skills, this.deps);
    this.composition = composeApp(options, this.deps, () => this.server, logger, this.closers);
    this.build();
    // Serving waits once for what loads or connects (telemetry, JSON Schemas, mounts); a failure is the startup error.
    const pending = [
      options.telemetry && observability.ready(),
      services.ready?.(),
      this.composition?.start(() => this.manifest).then(() => this.build()),
    ];
    if (pending.some(Boolean)) this.loading = Promise.all(pending).then(() => (this.loading = undefined));
    this.loading?.catch(() => undefined);
  }

  /** The protocol engine this app's handlers are bound to; every session and transport hangs off it. */
  get server(): ProtocolServer {
    return this.engine;
  }

  /**
   * The `@Authorized` scopes of the primitive a request names, for a `ResourceServer`'s `scopesFor`: a 401
   * then asks for what that call needs instead of nothing or everything (least privilege). Follows reloads.
   * @example
   * app.listen({ http: { auth: (resource) => new ResourceServer({ resource, ..., scopesFor: app.scopesFor }) } });
   */
  readonly scopesFor = (primitive: NamedPrimitive): readonly string[] | undefined => this.hints(primitive);

  /** The skill folders this app serves, as absolute paths (`decorum dev` watches them). */
  get skillFolders(): readonly string[] {
    return resolveSkillFolders(this.options.skills?.folders ?? []);
  }

  /** What the providers declare (plain data), as of the last build. */
  get manifest(): Manifest {
    return this.current as Manifest;
  }

  /**
   * Takes over the engine of `previous` — its sessions, transports and listeners — and serves them
   * with this app's providers, container, guards and interceptors from now on. Clients are told which
   * lists changed. This is how `decorum dev` swaps a reloaded app in without dropping a client; the
   * server's identity (name, version, instructions, modern options) stays that of `previous`.
   * Reached by a host only, through the {@link Hosting} it is handed at `listen`.
   * @returns what changed in the lists clients see.
   */
  private takeOver(previous: McpApp): ManifestChanges {
    if (previous === this) return noChanges();
    const own = { engine: this.engine, current: this.current, signatures: this.signatures };
    this.engine = previous.engine;
    this.current = previous.current;
    this.signatures = previous.signatures;
    try {
      this.build();
    } catch (error) {
      // A build that fails swaps nothing in: `previous` keeps serving as it was.
      this.engine = own.engine;
      this.current = own.current;
      this.signatures = own.signatures;
      throw error;
    }
    this.http = previous.http;
    void previous.composition?.close(); // its mounts go with it: this app connected its own
    this.closers = [...previous.closers.splice(0), ...this.closers];
    return this.changes;
  }

  /** Adds providers at runtime; connected clients are told the lists changed. */
  add(...providers: Class[]): void {
    this.build([...this.providers, ...providers.filter((p) => !this.providers.includes(p))]);
  }

  /** Removes providers at runtime; connected clients are told the lists changed. */
  remove(...providers: Class[]): void {
    this.build(this.providers.filter((p) => !providers.includes(p)));
  }

  /**
   * Rebuilds every handler from the same providers. Instances of singleton providers are taken from
   * the container when handlers are built, not on each call: replace one in the container, then refresh.
   * @example
   * container.set(NotesServer, fake); app.refresh();
   */
  refresh(): void {
    this.build();
  }

  /**
   * Reads the skill folders again (digests recomputed) and serves them from now on, on the same sessions;
   * `decorum dev` calls it when a skill file changes. A failing check throws and the last skills keep serving.
   */
  reloadSkills(): void {
    this.skills = appSkills(this.options.skills, this.deps);
    this.build();
  }

  /** Tells every client subscribed to `uri` that the resource changed (the app-level `ctx.notifyResourceUpdated`). */
  notifyResourceUpdated(uri: string): void {
    this.server.notifyResourceUpdated(uri);
  }

  /** Serves one client over a transport. */
  async connect(transport: Transport) {
    await this.loading;
    return this.server.connect(transport);
  }

  /** The Streamable HTTP endpoint as a Fetch handler (created on first use). */
  fetch = (request: Request): Promise<Response> =>
    this.loading === undefined
      ? this.httpHandler().handle(request)
      : this.loading.then(() => this.httpHandler().handle(request));

  /** Configures the HTTP endpoint `fetch` uses (call before the first request). */
  httpHandler(options?: StreamableHttpOptions): StreamableHttpHandler {
    if (this.http !== undefined && options !== undefined) {
      throw new AppConfigurationError(
        'httpHandler(options) must be called before the first request: the endpoint already exists',
      );
    }
    if (this.http === undefined) {
      this.http = new StreamableHttpHandler(this.server, options);
      const http = this.http;
      this.closers.push(async () => {
        await http.close();
      });
    }
    return this.http;
  }

  /**
   * Serves over stdio (`{ stdio: true }`) or HTTP (`{ http: { port, host, path } }`, 127.0.0.1 by
   * default). Node-only; on other runtimes use `fetch`.
   */
  async listen(where: ListenOptions): Promise<{ url?: URL }> {
    // Under `decorum dev` (or another host) the host serves the app, so it can keep the transport
    // alive across reloads; `node dist/server.js` has no host and serves directly.
    const host = appHost<McpApp>();
    if (host === undefined) return this.serve(where);
    const hosting: Hosting<McpApp> = {
      serve: (at) => this.serve(at),
      takeOver: (previous) => this.takeOver(previous),
    };
    return host.listen(this, where, hosting);
  }

  /** Serves from this process: what `listen` does without a host, and what a host does with it. */
  private async serve(where: ListenOptions): Promise<{ url?: URL }> {
    await this.loading;
    if ('stdio' in where) {
      const { serveStdio } = await import('@decorum/protocol/stdio');
      const serving = await serveStdio(this.server);
      this.closers.push(() => serving.shutdown());
      return {};
    }
    const serving = await serveAppHttp(this.server, where.http, () => this.close());
    this.closers.push(...serving.closers);
    return { url: serving.url };
  }

  /** Stops serving: HTTP endpoints and listeners, then every session. */
  async close(): Promise<void> {
    for (const close of this.closers.splice(0).reverse()) await close();
    await this.server.close();
  }

  private build(providers: Class[] = this.providers): void {
    const manifest = scanProviders(providers, { requireDescriptions: this.options.requireDescriptions });
    const ui = uiLayer(manifest);
    // Everything is compiled, and every provider built, before anything is swapped in: a failing
    // build leaves the app as it was, and a provider the container cannot make fails here, not at a call.
    for (const provider of providers) {
      try {
        this.container.get(provider);
      } catch (error) {
        if (error instanceof DecoratorMetadataError) throw error; // its own fix, not @Service()
        throw new AppConfigurationError(
          `Cannot create provider ${provider.name}: ${(error as Error).message}. Mark it @Service() so its constructor dependencies are injected, or register an instance in the container.`,
        );
      }
    }
    const tools = ui.tools(buildToolsProvider(manifest.tools, this.policies.tool, this.deps));
    const prompts = buildPromptsProvider(manifest.prompts, this.policies.prompt, this.deps);
    const own = ui.resources(buildResourcesProvider(manifest.resources, manifest.templates, this.policies, this.deps));
    const resources = this.skills ? this.skills.resources(own) : own;
    const completion = buildCompletionProvider(manifest.completions, manifest.prompts, manifest.templates, this.deps);
    // Mounts and transforms: the engine gets the composed providers, always set (a mount's lists come later).
    const served = this.composition?.providers({ tools, prompts, resources, completion }, manifest);
    const first = this.current === undefined;
    const signatures = manifestSignatures(manifest, this.deps.services);
    this.changes = first ? noChanges() : diffManifests(this.signatures as ManifestSignatures, signatures);
    this.providers.splice(0, this.providers.length, ...providers);
    this.current = manifest;
    this.signatures = signatures;
    this.hints = this.composition?.hints(scopeHints(manifest)) ?? scopeHints(manifest);
    this.server.setExtension(UI_EXTENSION_ID, ui.extension);
    // Only the lists that changed are announced (a tool added says nothing about prompts).
    this.server.setTools(
      served ? served.tools : manifest.tools.length > 0 || this.server.tools ? tools : undefined,
      hasChanges(this.changes.tools),
    );
    this.server.setPrompts(
      served ? served.prompts : manifest.prompts.length > 0 || this.server.prompts ? prompts : undefined,
      hasChanges(this.changes.prompts),
    );
    const hasResources = manifest.resources.length + manifest.templates.length > 0 || this.skills !== undefined;
    this.server.setSkills(this.skills?.provider);
    this.server.setResources(
      served ? served.resources : hasResources || this.server.resources ? resources : undefined,
      hasChanges(this.changes.resources),
    );
    this.server.setCompletion(served ? served.completion : manifest.completions.length > 0 ? completion : undefined);
  }
}

function noChanges(): ManifestChanges {
  const none = () => ({ added: [], removed: [], changed: [] });
  return { tools: none(), resources: none(), prompts: none() };
}
