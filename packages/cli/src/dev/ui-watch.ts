// `decorum dev` for MCP App views: bundles ui/*.html once before the app loads (its @UiResource
// methods read the bundles), then rebuilds on every change under ui/ and tells connected clients
// that the app's ui:// resources changed (notifications/resources/updated), so a host re-reads the
// view without a restart. The server's modules are not reloaded for a view change.
import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { McpApp } from '@decorum/core';
import { type BuiltUi, bundleUi, uiEntries } from '../build/ui-bundle.js';
import { watchProject } from './file-watcher.js';

const VIEW_SOURCE = /\.(?:html|css|[cm]?[jt]sx?|json|svg)$/;

/** Options of {@link startUiWatch}. */
export interface UiWatchOptions {
  root: string;
  /** Where bundles go. Default `<root>/dist/ui`. */
  outDir?: string;
  log(line: string): void;
  /** The app serving now (its manifest says which ui:// resources to announce). */
  live(): McpApp | undefined;
  debounceMs?: number;
}

/** A running view watch. */
export interface UiWatch {
  close(): void;
  /** Resolves when the rebuild in progress (if any) is done: for tests and shutdown. */
  idle(): Promise<void>;
}

/** The ui:// resources an app serves (its @UiResource views). */
export function viewUris(app: McpApp | undefined): string[] {
  return (app?.manifest?.resources ?? []).filter((r) => r.options.ui !== undefined).map((r) => r.uri);
}

function describe(built: readonly BuiltUi[], root: string): string {
  return built.map((b) => `${relative(root, b.output)} (${Math.ceil(b.bytes / 1024)} kB)`).join(', ');
}

/**
 * Bundles the project's views, then watches ui/. Does nothing (and costs nothing) for a project
 * without a ui folder. A view that fails to build is reported; the last good bundle stays.
 * @example
 * const views = await startUiWatch({ root, log: console.error, live: () => app });
 */
export async function startUiWatch(options: UiWatchOptions): Promise<UiWatch> {
  const sourceDir = join(options.root, 'ui');
  if (!existsSync(sourceDir)) return { close() {}, idle: async () => {} };
  const project = { root: options.root, sourceDir, outDir: options.outDir };
  const build = async (): Promise<BuiltUi[] | undefined> => {
    const started = performance.now();
    try {
      const built = await bundleUi(project, uiEntries(project));
      options.log(`views built in ${Math.round(performance.now() - started)} ms: ${describe(built, options.root)}`);
      return built;
    } catch (error) {
      options.log(`view build failed (the last good bundle is served): ${(error as Error).message}`);
      return undefined;
    }
  };
  await build();
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let busy = false;
  const rebuild = () => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    running = (async () => {
      do {
        again = false;
        const built = await build();
        const uris = viewUris(options.live());
        if (built !== undefined && uris.length > 0) {
          for (const uri of uris) options.live()?.notifyResourceUpdated(uri);
          options.log(`told clients ${uris.join(', ')} changed`);
        }
      } while (again);
      busy = false;
    })();
  };
  const watch = watchProject(sourceDir, {
    debounceMs: options.debounceMs,
    onChange: (files) => {
      if (files.some((f) => VIEW_SOURCE.test(f))) rebuild();
    },
    onError: (error) => options.log(`view watcher error: ${error.message}`),
    include: (path) => VIEW_SOURCE.test(path),
  });
  return { close: () => watch.close(), idle: () => running };
}
