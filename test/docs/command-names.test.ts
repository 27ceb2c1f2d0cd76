// No page sends a reader to a command that can resolve to a stranger's package. `npx <name>` runs the local bin when
// the project has one and otherwise downloads whatever the registry holds under <name>; `npm init <name>` runs
// `create-<name>`. A bare `npx decorum` outside a project with @decorum/cli fetches another author's `decorum`, and
// `create-mcp-app` is not ours. Allowed: our packages by their scoped names, packages of scopes we trust (a scope
// cannot be squatted), bins of this repository's own dev dependencies (commands run in the checkout), and `decorum` on
// pages that say it comes with @decorum/cli.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const json = (path: string) => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));

/** Every Markdown page a reader follows: the READMEs and docs/ (not the generated docs/api/). */
function pages(): string[] {
  const found = ['README.md'];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(ROOT, dir))) {
      const path = `${dir}/${name}`;
      if (path === 'docs/api') continue;
      if (statSync(join(ROOT, path)).isDirectory()) walk(path);
      else if (name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  for (const group of ['packages', 'examples'])
    for (const dir of readdirSync(join(ROOT, group)))
      if (existsSync(join(ROOT, group, dir, 'README.md'))) found.push(`${group}/${dir}/README.md`);
  return found;
}

interface Invocation {
  /** What the reader types, e.g. `npm init @decorum/mcp-app`. */
  command: string;
  /** The package the registry would be asked for (`@decorum/create-mcp-app`), or the bin name for npx. */
  target: string;
  /** `npx` and friends try a local bin by that name first; `npm init` always goes to the registry. */
  localBinFirst: boolean;
}

const RUNNER =
  /(?<![\w-])(npx|bunx|pnpm dlx|yarn dlx|npm exec|npm init|npm create|pnpm create|yarn create)((?:\s+--?[\w-]+(?:=\S+)?)*)\s+(--\s+)?([@\w][\w./@-]*)/g;

/** The package an initializer name stands for: `foo` → `create-foo`, `@s/foo` → `@s/create-foo`, `@s` → `@s/create`. */
function initializerPackage(name: string): string {
  if (!name.startsWith('@')) return name.startsWith('create-') ? name : `create-${name}`;
  const [scope, rest] = name.split('/');
  return rest === undefined ? `${scope}/create` : `${scope}/create-${rest}`;
}

/** Every command in `markdown` that fetches or runs a package by name. */
function invocations(markdown: string): Invocation[] {
  const found: Invocation[] = [];
  for (const match of markdown.matchAll(RUNNER)) {
    const runner = match[1] as string;
    const name = (match[4] as string).replace(/(.)@[^/]*$/, '$1').replace(/[.,:;]+$/, '');
    const init = /init|create/.test(runner);
    found.push({
      command: `${runner} ${match[4]}`,
      target: init ? initializerPackage(name) : name,
      localBinFirst: !init,
    });
  }
  return found;
}

const OURS = new Set(readdirSync(join(ROOT, 'packages')).map((dir) => json(`packages/${dir}/package.json`).name));
/** Scopes whose owners we trust: ours, and the protocol's own (the MCP Inspector). */
const TRUSTED_SCOPES = ['@decorum/', '@modelcontextprotocol/'];
/** Bins of the root's dev dependencies: commands a page runs inside this repository's checkout. */
const DEV_BINS = new Set(
  Object.keys(json('package.json').devDependencies as Record<string, string>).flatMap((dep) => {
    const bin = json(`node_modules/${dep}/package.json`).bin as string | Record<string, string> | undefined;
    if (bin === undefined) return [];
    return typeof bin === 'string' ? [dep.replace(/^@[^/]+\//, '')] : Object.keys(bin);
  }),
);

/** Why `use` on a page reading `text` could reach a stranger's package, or undefined when it cannot. */
function problem(use: Invocation, text: string): string | undefined {
  if (OURS.has(use.target) || TRUSTED_SCOPES.some((scope) => use.target.startsWith(scope))) return undefined;
  if (use.localBinFirst && DEV_BINS.has(use.target)) return undefined;
  if (use.localBinFirst && use.target === 'decorum') {
    return text.includes('@decorum/cli') ? undefined : '`npx decorum` on a page that never says it needs @decorum/cli';
  }
  return `\`${use.command}\` fetches "${use.target}" from the registry, which is not one of our packages`;
}

describe('command names in the docs', () => {
  it('reads commands as npm resolves them', () => {
    expect(invocations('run `npm init @decorum/mcp-app my-server` or `npx @decorum/create-mcp-app@latest x`')).toEqual([
      { command: 'npm init @decorum/mcp-app', target: '@decorum/create-mcp-app', localBinFirst: false },
      { command: 'npx @decorum/create-mcp-app@latest', target: '@decorum/create-mcp-app', localBinFirst: true },
    ]);
    expect(invocations('npm create mcp-app\nnpx --yes decorum dev\nnpm exec -- vitest')).toMatchObject([
      { target: 'create-mcp-app' },
      { target: 'decorum' },
      { target: 'vitest' },
    ]);
    expect(initializerPackage('@decorum')).toBe('@decorum/create');
  });

  it('flags what the docs said before: a bare create-mcp-app, and npx decorum with no word of @decorum/cli', () => {
    const [scaffold] = invocations('npx create-mcp-app my-server');
    expect(problem(scaffold as Invocation, '')).toMatch(/fetches "create-mcp-app"/);
    const [init] = invocations('npm init mcp-app my-server');
    expect(problem(init as Invocation, '')).toMatch(/fetches "create-mcp-app"/);
    const [dev] = invocations('npx decorum dev');
    expect(problem(dev as Invocation, 'npx decorum dev')).toMatch(/never says/);
    expect(problem(dev as Invocation, 'in a project with @decorum/cli installed: npx decorum dev')).toBeUndefined();
    const [local] = invocations('npx vitest run');
    expect(problem(local as Invocation, '')).toBeUndefined();
  });

  it.each(pages())('%s: every npx / npm init / npm create names one of ours or a local bin', (page) => {
    const text = readFileSync(join(ROOT, page), 'utf8');
    const problems = invocations(text)
      .map((use) => problem(use, text))
      .filter((found): found is string => found !== undefined);
    expect(problems, relative(ROOT, join(ROOT, page))).toEqual([]);
  });
});
