// Watches a project folder and reports batches of changed source files. One watcher per directory,
// not Node's recursive mode: on Linux (Node 20) that follows files, and an editor that saves by
// writing a temporary file and renaming it over the original (sed -i, many IDEs) would silently
// end the watch on that file. Editors also save in bursts (write, rename, chmod), so events are
// gathered for a short quiet period before one batch is reported.
import { type FSWatcher, readdirSync, statSync, watch } from 'node:fs';
import { join, relative, sep } from 'node:path';

const WATCHED = /\.(?:[cm]?[jt]sx?|json)$/;
const IGNORED_DIRS = new Set(['node_modules', 'dist', 'coverage', '.git']);

function ignoredDir(name: string): boolean {
  return IGNORED_DIRS.has(name) || (name.startsWith('.') && name.length > 1);
}

/** True for a path (relative to the watched folder) whose changes can affect the app. */
export function isWatchedPath(relativePath: string): boolean {
  if (relativePath.split(sep).some(ignoredDir)) return false;
  return WATCHED.test(relativePath) && !relativePath.endsWith('.d.ts');
}

/** Options of {@link watchProject}. */
export interface WatchOptions {
  /** Quiet period before a batch is reported, in ms. Default 30. */
  debounceMs?: number;
  onChange(files: string[]): void;
  onError(error: Error): void;
  /** Which files count (path relative to the watched folder). Default: {@link isWatchedPath}. */
  include?(relativePath: string): boolean;
}

/** A running watch; `close` stops every directory watcher. */
export interface ProjectWatch {
  close(): void;
}

/** Starts watching `root` and every folder below it (new folders included). */
export function watchProject(root: string, options: WatchOptions): ProjectWatch {
  const watchers = new Map<string, FSWatcher>();
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    const files = [...pending];
    pending.clear();
    options.onChange(files);
  };
  const changed = (path: string) => {
    pending.add(path);
    clearTimeout(timer);
    timer = setTimeout(flush, options.debounceMs ?? 30);
  };
  const watchDir = (dir: string) => {
    if (watchers.has(dir)) return;
    let watcher: FSWatcher;
    try {
      watcher = watch(dir, (_event, name) => {
        if (name === null) return;
        const path = join(dir, name.toString());
        if (isDirectory(path) && !ignoredDir(name.toString())) return walk(path);
        const rel = relative(root, path);
        if (options.include ? !rel.split(sep).some(ignoredDir) && options.include(rel) : isWatchedPath(rel))
          changed(path);
      });
    } catch {
      return; // removed meanwhile
    }
    watcher.on('error', () => {
      watcher.close();
      watchers.delete(dir);
    });
    watchers.set(dir, watcher);
  };
  const walk = (dir: string) => {
    watchDir(dir);
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if (dir === root) options.onError(error as Error);
      return;
    }
    for (const entry of entries) if (entry.isDirectory() && !ignoredDir(entry.name)) walk(join(dir, entry.name));
  };
  walk(root);
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
