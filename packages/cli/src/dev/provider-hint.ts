// A new provider file does nothing until the app lists it in `providers`. After a reload, the
// changed files are read for classes with Decorum method decorators that the live app does not
// serve, and each gets one line saying what to do. A text scan, not an import: a file nothing
// imports yet is never loaded.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { McpApp } from '@decorum/core';

const CLASS = /^[ \t]*(?:export[ \t]+)?(?:default[ \t]+)?(?:abstract[ \t]+)?class[ \t]+([A-Za-z_$][\w$]*)/gm;
const DECORATOR = /@(Tool|Resource|ResourceTemplate|Prompt|UiResource)\s*\(/;
const SOURCE = /\.[cm]?[jt]sx?$/;

/** The decorated classes a source text declares: class name → the first Decorum decorator in it. */
export function decoratedClasses(source: string): Map<string, string> {
  const found = new Map<string, string>();
  const starts = [...source.matchAll(CLASS)];
  starts.forEach((match, i) => {
    const body = source.slice(match.index, starts[i + 1]?.index ?? source.length);
    const decorator = DECORATOR.exec(body)?.[1];
    if (decorator !== undefined) found.set(match[1] as string, decorator);
  });
  return found;
}

/** Names of the provider classes `app` serves something of. */
function servedProviders(app: McpApp): Set<string> {
  const manifest = app.manifest as unknown as Record<string, { provider?: { name?: string } }[] | undefined>;
  const names = new Set<string>();
  for (const entries of Object.values(manifest)) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries) if (entry.provider?.name) names.add(entry.provider.name);
  }
  return names;
}

/** One hint line per decorated class in `files` that `app` does not serve. */
export function unlistedProviderHints(files: readonly string[], app: McpApp, root: string): string[] {
  const served = servedProviders(app);
  const hints: string[] = [];
  for (const file of files) {
    if (!SOURCE.test(file) || file.endsWith('.d.ts') || file.includes('/node_modules/')) continue;
    let source: string;
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      continue; // deleted
    }
    for (const [name, decorator] of decoratedClasses(source)) {
      if (served.has(name)) continue;
      hints.push(
        `hint: ${relative(root, file)} declares ${name} (@${decorator}), which the app does not serve: ` +
          `add it to the app's providers, new McpApp({ providers: [/* … */, ${name}] }).`,
      );
    }
  }
  return hints;
}
