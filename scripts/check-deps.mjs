// The dependency rules of DESIGN.md §2 and ARCHITECTURE.md, checked with dependency-cruiser over every source file of
// packages/* and examples/*:
//  1. no import cycle, type-only imports included (a cycle of types is still a knot to untie);
//  2. a package imports only the Decorum packages it may (`protocol` none; `core` protocol; …) and has declared;
//  3. nobody imports another package's src/ or dist/ internals (by relative path, or by a subpath its exports lack);
//  4. every bare import resolves and is a declared dependency of the importing package;
//  5. a package's root entry, and everything it reaches at run time, imports no Node built-in, so
//     `@decorum/protocol` and `@decorum/core` load in any JavaScript runtime;
//  6. inside the protocol engine, layers call downwards only: engine/ imports nothing from http/, auth/, node/, the
//     client, telemetry or the scale-out code, nor from an extension (tasks/, skills/), which plugs in through the
//     extension seam (engine/extension.ts) and imports the engine, never the other way round;
//  7. the scale-out machinery (protocol's scale-out/) is reached only through its subpath entry, never by the
//     engine or the HTTP path (they know the ScaleOut seam, http/scale-out.ts, whose types it implements).
// Usage: node scripts/check-deps.mjs [--root <dir>]; exits 1 and lists each violation.
import { builtinModules } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise } from 'dependency-cruiser';
import { listPackages, ROOT } from './workspace.mjs';

/** Which Decorum packages each package may import. Examples and templates may import any public entry. */
export const ALLOWED = {
  '@decorum/protocol': [],
  '@decorum/core': ['@decorum/protocol'],
  '@decorum/testing': ['@decorum/core', '@decorum/protocol'],
  '@decorum/cli': ['@decorum/core', '@decorum/protocol'],
  '@decorum/redis': ['@decorum/protocol'],
  '@decorum/openapi': ['@decorum/core', '@decorum/protocol'],
  '@decorum/oauth': ['@decorum/protocol'],
  '@decorum/create-mcp-app': [],
  'create-mcp-app': [],
};
/** Command-line programs: Node by definition, so rule 5 (runtime-neutral root entry) does not apply. */
export const NODE_PROGRAMS = new Set(['@decorum/cli', '@decorum/create-mcp-app', 'create-mcp-app']);

/**
 * What the protocol engine (`src/engine/`) may not import: the layers above it and the scale-out code (a folder, or
 * the entry of the same name). Extensions are a rule of their own (`engine-extensions`).
 */
export const ENGINE_NEVER_IMPORTS = ['http', 'auth', 'node', 'client', 'telemetry', 'scale-out'];

const escapeRe = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (items) => `(${items.map(escapeRe).join('|')})`;
const BUILTIN_PATH = `^(node:[a-z_/]+|${anyOf(builtinModules.filter((m) => !m.startsWith('_')))})$`;

/** The forbidden-rule set for the workspace at `root`, generated from ALLOWED and each package.json. */
function rulesFor(root, packages) {
  const dirOf = (pkg) => relative(root, pkg.dir);
  const rules = [
    { name: 'no-cycle', comment: 'files import each other in a loop', from: {}, to: { circular: true } },
    {
      name: 'outside-package',
      comment: "reaches into another package by relative path; import that package's public entry instead",
      from: { path: '^(packages|examples)/([^/]+)/' },
      to: { dependencyTypes: ['local'], pathNot: '^$1/$2/' },
    },
    {
      name: 'not-public',
      comment: 'does not resolve: an undeclared package, or a subpath its exports do not offer',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'undeclared',
      comment: "is not declared in the importing package's package.json",
      from: {},
      // A package named in `peerDependenciesMeta` (an optional peer) is also typed npm-no-pkg: declared wins.
      to: {
        dependencyTypes: ['npm-no-pkg', 'npm-unknown'],
        dependencyTypesNot: ['npm', 'npm-dev', 'npm-peer', 'npm-optional'],
      },
    },
    {
      name: 'engine-layering',
      comment:
        'the engine calls downwards only: it may not import http/, auth/, node/, client/, telemetry/ or scale-out',
      from: { path: '^packages/protocol/src/engine/' },
      to: { path: `^packages/protocol/src/(${ENGINE_NEVER_IMPORTS.join('|')})(/|\\.ts$)` },
    },
    {
      name: 'engine-extensions',
      comment:
        'an extension plugs into the engine through engine/extension.ts: the engine may not import tasks/ or skills/',
      from: { path: '^packages/protocol/src/engine/' },
      to: { path: '^packages/protocol/src/(tasks|skills)(/|\\.ts$)' },
    },
    {
      name: 'scale-out-seam',
      comment:
        'the scale-out machinery sits behind the ScaleOut seam: only @decorum/protocol/scale-out (src/scale-out.ts) reaches it, never the engine, the HTTP path or another entry',
      from: { path: '^packages/protocol/src/', pathNot: '^packages/protocol/src/scale-out(/|\\.ts$)' },
      to: { path: '^packages/protocol/src/scale-out/' },
    },
  ];
  for (const pkg of packages) {
    const isExample = dirOf(pkg).startsWith('examples');
    const m = pkg.manifest;
    const declared = new Set(Object.keys({ ...m.dependencies, ...m.devDependencies, ...m.peerDependencies }));
    const allowed = ALLOWED[pkg.name] ?? [];
    const forbidden = isExample ? [] : packages.filter((other) => other !== pkg && !allowed.includes(other.name));
    if (forbidden.length > 0)
      rules.push({
        name: `layer:${pkg.name}`,
        comment: `${pkg.name} may not import ${forbidden.map((p) => p.name).join(', ')} (DESIGN.md §2)`,
        from: { path: `^${escapeRe(dirOf(pkg))}/` },
        to: { path: `^${anyOf(forbidden.map(dirOf))}/` },
      });
    const undeclared = packages.filter((other) => other !== pkg && !declared.has(other.name));
    if (undeclared.length > 0)
      rules.push({
        name: `undeclared:${pkg.name}`,
        comment: `imports a Decorum package that ${pkg.name}'s package.json does not declare`,
        from: { path: `^${escapeRe(dirOf(pkg))}/` },
        to: { path: `^${anyOf(undeclared.map(dirOf))}/`, dependencyTypesNot: ['local'] },
      });
  }
  return rules;
}

/** Rule 5 needs static run-time imports only (type-only imports are erased), so it runs as a cruise of its own. */
function nodeFreeRules(root, packages) {
  const entries = packages
    .filter((p) => !NODE_PROGRAMS.has(p.name) && !relative(root, p.dir).startsWith('examples'))
    .map(
      (p) =>
        p.manifest.exports?.['.']?.['@decorum/source'] &&
        join(relative(root, p.dir), p.manifest.exports['.']['@decorum/source']),
    )
    .filter(Boolean)
    .map((entry) => entry.replace(/^\.\//, ''));
  if (entries.length === 0) return [];
  return [
    {
      name: 'node-free-root',
      comment: 'imports a Node built-in but is reachable from a root entry; move Node-only code behind a subpath',
      from: { path: `^${anyOf(entries)}$` },
      to: { path: BUILTIN_PATH, reachable: true },
    },
  ];
}

async function cruiseWith(root, rules, typeImports) {
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const dirs = ['packages', 'examples'].filter((d) =>
      listPackages(root).some((p) => p.dir.startsWith(join(root, d))),
    );
    const result = await cruise(
      dirs.map((d) => `${d}/*/src`),
      {
        validate: true,
        ruleSet: { forbidden: rules.map((rule) => ({ severity: 'error', ...rule })) },
        tsPreCompilationDeps: typeImports,
        doNotFollow: { path: 'node_modules' },
        // The run-time cruise leaves out dynamic imports: a lazily imported Node-only feature (listen over stdio)
        // loads only when used, so the entry still loads elsewhere.
        exclude: {
          path: '(\\.d\\.ts$|^(packages|examples)/[^/]+/(test|dist)/)',
          ...(typeImports ? {} : { dynamic: true }),
        },
        enhancedResolveOptions: {
          conditionNames: ['@decorum/source', 'import', 'require', 'node', 'default'],
          exportsFields: ['exports'],
          extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs', '.cjs', '.json'],
        },
      },
      { extensionAlias: { '.js': ['.ts', '.tsx', '.js'], '.mjs': ['.mts', '.mjs'] } },
    );
    return result.output.summary.violations;
  } finally {
    process.chdir(cwd);
  }
}

/** Runs every rule over the workspace at `root`; returns the violations as readable lines. */
export async function checkDependencyRules(root = ROOT) {
  const packages = listPackages(root);
  const byRule = new Map([...rulesFor(root, packages), ...nodeFreeRules(root, packages)].map((r) => [r.name, r]));
  const violations = [
    ...(await cruiseWith(root, rulesFor(root, packages), true)),
    ...(await cruiseWith(root, nodeFreeRules(root, packages), false)),
  ];
  const lines = violations.map((v) => {
    const rule = byRule.get(v.rule.name);
    if (v.cycle) return `${v.from}: ${rule.comment}: ${[v.from, ...v.cycle.map((c) => c.name ?? c)].join(' -> ')}`;
    if (v.via) return `${v.to}: ${rule.comment} (${[v.from, ...v.via.map((c) => c.name ?? c)].join(' -> ')})`;
    return `${v.from}: imports "${v.to}", which ${rule.comment} [${v.rule.name}]`;
  });
  return [...new Set(lines)];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const flag = process.argv.indexOf('--root');
  const root = flag === -1 ? ROOT : resolve(process.argv[flag + 1]);
  const violations = await checkDependencyRules(root);
  if (violations.length > 0) {
    process.stderr.write(`✖ dependency rules: ${violations.length} violation(s)\n  ${violations.join('\n  ')}\n`);
    process.exit(1);
  }
  process.stdout.write('✔ dependency rules hold (dependency-cruiser: no cycles, layers, public entries only)\n');
}
