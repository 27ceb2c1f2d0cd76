// Skill folders under `decorum dev`: an edit to any file of a skill reloads the app, whose new McpApp
// reads and checks the skills again (digests recomputed) and takes over the live sessions. Skill files
// are not modules, so the module reloader never sees them; the folders come from the live app.
import { relative } from 'node:path';
import { type ProjectWatch, watchProject } from './file-watcher.js';

/** The watch of the live app's skill folders, re-aimed when a reload names other folders. */
export class SkillsWatch {
  private watches: ProjectWatch[] = [];
  private key = '';

  constructor(
    private readonly options: {
      root: string;
      debounceMs?: number;
      log(line: string): void;
      /** Called with the changed files: the dev server reloads the entry. */
      onChange(files: string[]): void;
    },
  ) {}

  /** Watches exactly `folders` (absolute); unchanged folders keep their watchers. */
  follow(folders: readonly string[]): void {
    const key = [...folders].sort().join('\n');
    if (key === this.key) return;
    this.close();
    this.key = key;
    this.watches = folders.map((folder) =>
      watchProject(folder, {
        debounceMs: this.options.debounceMs,
        // Every file counts (the watcher skips dot folders; the app refuses dotfiles in skills anyway).
        include: () => true,
        onChange: (files) => {
          this.options.log(`skills changed: ${files.map((f) => relative(this.options.root, f)).join(', ')}`);
          this.options.onChange(files);
        },
        onError: (error) => this.options.log(`skills watcher error: ${error.message}`),
      }),
    );
  }

  close(): void {
    for (const watch of this.watches.splice(0)) watch.close();
    this.key = '';
  }
}
