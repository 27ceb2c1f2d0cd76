// Environment values an app reads while it starts but that are not set at build time. An app that builds a
// provider only when a value is there (`process.env.API_URL ? [await openApiTools(…)] : []`), or a provider
// that yields no tool without one, would otherwise give a manifest that quietly lacks those primitives.
// Two halves: the build's child records the names read and found unset while the app starts (run-entry),
// and the build keeps those the project's own sources read with no fallback (`??` / `||`), which leaves out
// what libraries probe (NODE_DEBUG, FORCE_COLOR…) and values with a default.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Starts recording the names read from process.env that are not set; returns them so far on each call. */
export function recordUnsetEnv(): () => string[] {
  const seen = new Set<string>();
  const env = process.env;
  process.env = new Proxy(env, {
    get(target, key) {
      if (typeof key === 'string' && !Object.hasOwn(target, key)) seen.add(key);
      return Reflect.get(target, key);
    },
  });
  return () => [...seen].sort();
}

// process.env.NAME or process.env['NAME'], unless a fallback follows (?? or ||).
const READ = /process\.env(?:\.([A-Za-z_][A-Za-z0-9_]*)|\[\s*['"]([^'"\]]+)['"]\s*\])(?!\s*(?:\?\?|\|\|))/g;
const SOURCE = /\.(?:[cm]?[jt]sx?)$/;
const MAX_FILES = 2000;
const MAX_BYTES = 1_000_000;

/** The environment names the sources under `dir` read without a fallback (tests and node_modules left out). */
export function envReadsWithoutFallback(dir: string): Set<string> {
  const names = new Set<string>();
  const pending = [dir];
  let files = 0;
  while (pending.length > 0 && files < MAX_FILES) {
    const current = pending.pop() as string;
    let entries: string[];
    try {
      entries = readdirSync(current);
    } catch {
      continue;
    }
    for (const name of entries) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const path = join(current, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat?.isDirectory()) pending.push(path);
      else if (stat?.isFile() && SOURCE.test(name) && !/\.(test|spec)\./.test(name) && stat.size <= MAX_BYTES) {
        files++;
        for (const match of readFileSync(path, 'utf8').matchAll(READ)) names.add((match[1] ?? match[2]) as string);
      }
    }
  }
  return names;
}

/** The warning for `missing` (empty: none). */
export function unsetEnvWarning(missing: readonly string[]): string | undefined {
  if (missing.length === 0) return undefined;
  const list = missing.join(', ');
  const it = missing.length === 1 ? 'it is' : 'they are';
  return (
    `warning: the app read ${list} while starting, and ${it} not set at build time: a provider that depends on ` +
    `${missing.length === 1 ? 'it' : 'them'} may have produced nothing, so mcp-manifest.json may lack its primitives. ` +
    `Set ${missing.length === 1 ? 'it' : 'them'} for the build (a placeholder is enough for a value only used to make requests).`
  );
}
