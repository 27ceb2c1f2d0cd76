// MCP Apps views: each `<project>/ui/<name>.html` (with the TS/TSX and CSS it imports) is bundled by
// Vite + vite-plugin-singlefile into ONE self-contained `<outDir>/ui/<name>.html` — hosts render a
// view from a single resource, and by default its iframe may load nothing from elsewhere. Vite is
// loaded from the project (a devDependency of projects that have views), only when there are views.
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CliError } from '../cli-error.js';

/** Where a project's views are read from and written to. */
export interface UiProject {
  /** The project root (package.json). */
  root: string;
  /** The folder of the view sources. Default `<root>/ui`. */
  sourceDir?: string;
  /** The folder the bundled views go to. Default `<root>/dist/ui`. */
  outDir?: string;
}

/** One bundled view. */
export interface BuiltUi {
  /** The source entry, e.g. `/app/ui/forecast.html`. */
  source: string;
  /** The bundled file, e.g. `/app/dist/ui/forecast.html`. */
  output: string;
  bytes: number;
}

/** The view entries of a project: the `.html` files directly in its ui folder (empty without one). */
export function uiEntries(project: UiProject): string[] {
  const dir = project.sourceDir ?? join(project.root, 'ui');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((file) => join(dir, file));
}

interface ViteApi {
  build(config: Record<string, unknown>): Promise<unknown>;
}

async function loadFromProject<T>(root: string, name: string, fix: string): Promise<T> {
  const require = createRequire(join(root, 'package.json'));
  let resolved: string;
  try {
    resolved = require.resolve(name);
  } catch {
    throw new CliError(`This project has MCP App views (ui/*.html) but "${name}" is not installed. ${fix}`);
  }
  return (await import(pathToFileURL(resolved).href)) as T;
}

const INSTALL = 'Install the bundler: npm i -D --save-exact vite@8.3.8 vite-plugin-singlefile@2.3.4';

/**
 * Bundles every view of the project into one self-contained HTML file each.
 * @returns the views built (none when the project has no ui folder).
 * @throws CliError when Vite is missing or a view fails to build (with Vite's message).
 * @example
 * const views = await bundleUi({ root: process.cwd() }); // ui/card.html -> dist/ui/card.html
 */
export async function bundleUi(project: UiProject, entries = uiEntries(project)): Promise<BuiltUi[]> {
  if (entries.length === 0) return [];
  const sourceDir = project.sourceDir ?? join(project.root, 'ui');
  const outDir = project.outDir ?? join(project.root, 'dist', 'ui');
  const vite = await loadFromProject<ViteApi>(project.root, 'vite', INSTALL);
  const { viteSingleFile } = await loadFromProject<{ viteSingleFile: () => unknown }>(
    project.root,
    'vite-plugin-singlefile',
    INSTALL,
  );
  const built: BuiltUi[] = [];
  // One build per view: the single-file plugin inlines everything, which needs one input per build.
  for (const source of entries) {
    try {
      const output = (await vite.build({
        root: sourceDir,
        configFile: false,
        logLevel: 'silent',
        base: './',
        plugins: [viteSingleFile()],
        build: {
          outDir,
          emptyOutDir: false,
          write: true,
          rollupOptions: { input: source },
        },
      })) as { output: { fileName: string; type: string; source?: string | Uint8Array }[] }[] | { output: [] };
      const results = Array.isArray(output) ? output : [output];
      const html = results.flatMap((r) => r.output).find((o) => o.fileName.endsWith('.html'));
      const file = join(outDir, html?.fileName ?? basename(source));
      const bytes = typeof html?.source === 'string' ? Buffer.byteLength(html.source) : (html?.source?.length ?? 0);
      built.push({ source, output: file, bytes });
    } catch (error) {
      throw new CliError(`Building the view ${relative(project.root, source)} failed: ${(error as Error).message}`);
    }
  }
  return built;
}
