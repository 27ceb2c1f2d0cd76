// `decorum dev`: the process serves the first app the entry builds over stdio and/or HTTP, and on
// every change loads the changed modules again and lets the new app take over the old one's engine.
// Transports, sessions and listen streams never notice a reload except for the list_changed
// notifications it sends. A reload that fails to compile or throws leaves the last good app serving.
import { relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import type { ListenOptions, ManifestChanges, McpApp } from '@decorum/core';
import type { AppHost, Hosting } from '@decorum/core/host';
import type { ServeHttpOptions } from '@decorum/protocol/node';
import { exportedApp, installHost, noAppError } from '../app-module.js';
import { CliError } from '../cli-error.js';
import type { Project } from '../project.js';
import { formatReloadError } from './error-report.js';
import { type ProjectWatch, watchProject } from './file-watcher.js';
import { ModuleReloader } from './module-reloader.js';
import { unlistedProviderHints } from './provider-hint.js';
import { formatReload } from './reload-report.js';
import { SkillsWatch } from './skills-watch.js';
import { TypeChecker } from './type-checker.js';
import { startUiWatch, type UiWatch } from './ui-watch.js';

/** How `decorum dev` serves: the flags given, or else what the entry's `listen` asked for. */
export interface DevServeOptions {
  stdio?: boolean;
  http?: { port?: number; host?: string };
}

/** Options of {@link DevServer}. */
export interface DevServerOptions extends DevServeOptions {
  project: Project;
  /** Where dev messages go (stderr: stdout belongs to the protocol in stdio mode). */
  log(line: string): void;
  /** Quiet period of the file watcher, in ms. */
  debounceMs?: number;
  /** Run `tsc --noEmit` in the background after each reload and report type errors. Default true. */
  typecheck?: boolean;
}

/** A running dev server. */
export class DevServer implements AppHost {
  private live?: McpApp;
  /** What the last takeover changed, for the reload report. */
  private changes?: ManifestChanges;
  private url?: URL;
  private readonly entryUrl: string;
  private readonly reloader: ModuleReloader;
  private queued = new Set<string>();
  private running?: Promise<void>;
  /** An error no reload can fix (the port is taken): the command ends with it. */
  private fatal?: CliError;
  private watch?: ProjectWatch;
  private skills?: SkillsWatch;
  private views?: UiWatch;
  private closing?: Promise<void>;
  private readonly typeChecker?: TypeChecker;

  constructor(private readonly options: DevServerOptions) {
    this.entryUrl = pathToFileURL(options.project.entry).href;
    this.reloader = new ModuleReloader(options.project.root);
    if (options.typecheck !== false) this.typeChecker = new TypeChecker(options.project, options.log);
  }

  /** Loads the entry, serves its app and starts watching. A broken first version waits for a fix. */
  async start(): Promise<void> {
    installHost(this);
    const { root, entry } = this.options.project;
    // Over stdio the stdio transport ends the process (stdin closed, or a signal). Otherwise the dev
    // server owns SIGTERM/SIGINT: the file watcher would keep the process alive after the HTTP close.
    if (this.options.stdio !== true) {
      process.on('SIGTERM', this.onSignal);
      process.on('SIGINT', this.onSignal);
    }
    this.watch = watchProject(root, {
      debounceMs: this.options.debounceMs,
      onChange: (files) => this.enqueue(files),
      onError: (error) => this.options.log(`watcher error: ${error.message}`),
    });
    // Skill files are no modules: an edit makes the live app read its skills again, on the same sessions.
    this.skills = new SkillsWatch({
      root,
      debounceMs: this.options.debounceMs,
      log: this.options.log,
      onChange: () => this.reloadSkills(),
    });
    this.options.log(`decorum dev · ${relative(root, entry)} · watching ${root}`);
    this.options.log(this.typeChecker?.describe() ?? 'no type check (--no-typecheck): npx tsc --noEmit checks types');
    this.typeChecker?.schedule();
    // MCP App views (ui/*.html) are bundled before the app loads: its @UiResource methods read them.
    this.views = await startUiWatch({ root, log: this.options.log, live: () => this.live });
    try {
      await this.load();
    } catch (error) {
      if (this.fatal !== undefined) throw this.fatal;
      this.options.log(
        `${formatReloadError(error, root)}\nwaiting for a change to ${relative(root, entry)} or its imports…`,
      );
    }
  }

  /** Stops watching and closes the live app (its HTTP endpoint and sessions). */
  close(): Promise<void> {
    this.closing ??= (async () => {
      this.watch?.close();
      this.skills?.close();
      this.views?.close();
      this.typeChecker?.close();
      this.reloader.close();
      await this.live?.close();
    })();
    return this.closing;
  }

  // A second signal while closing is ignored (npm run forwards Ctrl-C, so one key press is two).
  private readonly onSignal = () => {
    if (this.closing !== undefined) return;
    void this.close().then(
      () => {
        this.options.log('server closed');
        process.exit(0);
      },
      (error: unknown) => {
        this.options.log(`close failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };

  /** Called by the entry's `app.listen(…)`: the first app is served, later ones take over. */
  async listen(app: McpApp, where: ListenOptions, hosting: Hosting): Promise<{ url?: URL }> {
    this.skills?.follow(app.skillFolders ?? []);
    if (this.live === undefined) {
      await this.serve(hosting, where);
      this.live = app;
    } else if (app !== this.live) {
      this.changes = hosting.takeOver(this.live);
      this.live = app;
    }
    return this.url === undefined ? {} : { url: this.url };
  }

  private async serve(hosting: Hosting, where: ListenOptions): Promise<void> {
    const flagged = this.options.stdio === true || this.options.http !== undefined;
    const stdio = flagged ? this.options.stdio === true : 'stdio' in where;
    const entryHttp: ServeHttpOptions | undefined = 'http' in where ? where.http : undefined;
    const http = flagged ? this.options.http : entryHttp;
    if (stdio) await hosting.serve({ stdio: true });
    if (http !== undefined) {
      const options: ServeHttpOptions = { ...entryHttp, ...http, handleSignals: false };
      try {
        this.url = (await hosting.serve({ http: options })).url;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
        const address = `${options.host ?? '127.0.0.1'}:${options.port ?? 3000}`;
        this.fatal = new CliError(
          `Port in use: ${address}. Stop the server using it, or pass --port <n> (0 picks a free one).`,
        );
        throw this.fatal;
      }
    }
    const transports = [stdio && 'stdio', this.url?.href].filter(Boolean).join(' + ');
    this.options.log(`serving over ${transports}`);
  }

  /** Imports the entry (at its current version) and makes its app the live one. */
  private async load(): Promise<McpApp> {
    const before = this.live;
    const exports = (await import(this.entryUrl)) as Record<string, unknown>;
    if (this.live !== before && this.live !== undefined) return this.live;
    // The entry did not call listen (or called it with the same app): serve what it exports.
    const app = await exportedApp(exports);
    if (app === undefined) throw noAppError(relative(this.options.project.root, this.options.project.entry));
    // Under this host, so it comes back to `listen` with its Hosting.
    await app.listen({ stdio: true });
    return app;
  }

  private reloadSkills(): void {
    const started = performance.now();
    try {
      this.live?.reloadSkills();
      this.options.log(`skills reloaded in ${Math.round(performance.now() - started)} ms`);
    } catch (error) {
      const report = formatReloadError(error, this.options.project.root);
      this.options.log(`skills reload failed (the last good skills keep serving):\n${report}`);
    }
  }

  private enqueue(files: string[]): void {
    for (const file of files) this.queued.add(file);
    // Reloads run one at a time; changes arriving meanwhile make one more reload afterwards.
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
  }

  private async drain(): Promise<void> {
    while (this.queued.size > 0) {
      const files = [...this.queued];
      this.queued = new Set();
      await this.reload(files);
      this.typeChecker?.schedule();
      // After the reload, so a batch that adds a provider and lists it gets no hint.
      if (this.live !== undefined) {
        for (const hint of unlistedProviderHints(files, this.live, this.options.project.root)) this.options.log(hint);
      }
    }
  }

  private async reload(files: string[]): Promise<void> {
    const started = performance.now();
    const { root } = this.options.project;
    const { dirty } = await this.reloader.invalidate(files);
    if (!dirty.includes(this.entryUrl) && this.live !== undefined) return;
    const first = this.live === undefined;
    try {
      this.changes = undefined;
      await this.load();
      const changes = this.changes ?? { tools: none(), resources: none(), prompts: none() };
      this.options.log(
        first
          ? `loaded in ${Math.round(performance.now() - started)} ms`
          : formatReload(performance.now() - started, changes),
      );
    } catch (error) {
      const keep = first ? 'nothing is served yet' : 'the last good version keeps serving';
      this.options.log(`reload failed (${keep}):\n${formatReloadError(error, root)}`);
    }
  }
}

const none = () => ({ added: [], removed: [], changed: [] });
