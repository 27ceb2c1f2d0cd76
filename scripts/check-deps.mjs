// Checks the dependency rules of DESIGN.md §2 on every source file of packages/* and examples/*:
//  1. a package imports only the Decorum packages it may (`protocol` none; `core` protocol; …);
//  2. nobody imports another package's src/ or dist/ internals (by subpath or by relative path);
//  3. every bare import is a declared dependency of the importing package;
//  4. a package's root entry, and everything it reaches, imports no Node built-in (`node:` or bare),
//     so `@decorum/protocol` and `@decorum/core` load in any JavaScript runtime.
// Usage: node scripts/check-deps.mjs [--root <dir>]; exits 1 and lists each violation.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { listPackages, ROOT } from './workspace.mjs';

/** Which Decorum packages each package may import. Examples and templates may import any public entry. */
export const ALLOWED = {
  '@decorum/protocol': [],
  '@decorum/core': ['@decorum/protocol'],
  '@decorum/testing': ['@decorum/core', '@decorum/protocol'],
  '@decorum/cli': ['@decorum/core', '@decorum/protocol'],
  '@decorum/redis': ['@decorum/protocol'],
  'create-mcp-app': [],
};
/** Command-line programs: Node by definition, so rule 4 (runtime-neutral root entry) does not apply. */
export const NODE_PROGRAMS = new Set(['@decorum/cli', 'create-mcp-app']);
const BUILTINS = new Set(builtinModules);

const isBuiltin = (spec) => spec.startsWith('node:') || BUILTINS.has(spec.split('/')[0]);
const packageName = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

/** Lists the runtime imports of a TypeScript file (type-only imports are erased and skipped). */
export function runtimeImports(file) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      const named = node.importClause?.namedBindings;
      const allTypes =
        named &&
        ts.isNamedImports(named) &&
        !node.importClause.name &&
        named.elements.length > 0 &&
        named.elements.every((e) => e.isTypeOnly);
      if (!allTypes) found.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      found.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.arguments.length === 1 && ts.isStringLiteral(node.arguments[0])) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require')) {
        found.push(node.arguments[0].text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir) {
  if (!existsSync(dir)) return [];
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(?:c|m)?tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

/** Resolves a relative import the way NodeNext + the dev loader do (`./x.js` → `./x.ts`). */
function resolveRelative(fromFile, spec) {
  const base = resolve(dirname(fromFile), spec);
  const candidates = [base, base.replace(/\.(c|m)?js$/, '.$1ts'), `${base}.ts`, join(base, 'index.ts')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile());
}

function subpathOf(spec) {
  const name = packageName(spec);
  return spec === name ? '.' : `.${spec.slice(name.length)}`;
}

/** Runs every rule over the workspace at `root`; returns the violations as readable lines. */
export function checkDependencyRules(root = ROOT) {
  const packages = listPackages(root);
  const byName = new Map(packages.map((p) => [p.name, p]));
  const violations = [];
  for (const pkg of packages) {
    const isExample = relative(root, pkg.dir).startsWith('examples');
    const allowed = isExample ? [...byName.keys()] : (ALLOWED[pkg.name] ?? []);
    const m = pkg.manifest;
    const declared = new Set(Object.keys({ ...m.dependencies, ...m.peerDependencies, ...m.optionalDependencies }));
    for (const file of sourceFiles(join(pkg.dir, 'src'))) {
      const where = relative(root, file);
      for (const spec of runtimeImports(file)) {
        if (spec.startsWith('.')) {
          const target = resolve(dirname(file), spec);
          if (!target.startsWith(`${pkg.dir}/`))
            violations.push(
              `${where}: imports "${spec}", which reaches outside ${pkg.name}; import the package's public entry instead`,
            );
          continue;
        }
        if (isBuiltin(spec)) continue;
        const name = packageName(spec);
        const internal = byName.get(name);
        if (internal) {
          if (!allowed.includes(name)) violations.push(`${where}: ${pkg.name} may not import ${name} (DESIGN.md §2)`);
          const sub = subpathOf(spec);
          if (/^\.\/(src|dist)(\/|$)/.test(sub) || !(sub in (internal.manifest.exports ?? { '.': 1 }))) {
            violations.push(`${where}: imports "${spec}", which is not a public entry of ${name}`);
          }
        }
        if (!declared.has(name))
          violations.push(`${where}: imports "${name}", which ${pkg.name}'s package.json does not declare`);
      }
    }
    const rootEntry = m.exports?.['.']?.['@decorum/source'];
    if (rootEntry && !NODE_PROGRAMS.has(pkg.name))
      violations.push(...nodeFreeViolations(root, join(pkg.dir, rootEntry)));
  }
  return violations;
}

/** Walks everything a root entry reaches by relative imports and reports Node built-ins on the way. */
function nodeFreeViolations(root, entry) {
  const seen = new Set();
  const out = [];
  const walk = (file, chain) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const spec of runtimeImports(file)) {
      if (isBuiltin(spec)) {
        const path = [...chain, file].map((f) => relative(root, f)).join(' -> ');
        out.push(
          `${relative(root, file)}: imports "${spec}" but is reachable from the root entry (${path}); move Node-only code behind a subpath`,
        );
      } else if (spec.startsWith('.')) {
        const target = resolveRelative(file, spec);
        if (target) walk(target, [...chain, file]);
      }
    }
  };
  walk(entry, []);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const flag = process.argv.indexOf('--root');
  const root = flag === -1 ? ROOT : resolve(process.argv[flag + 1]);
  const violations = checkDependencyRules(root);
  if (violations.length > 0) {
    process.stderr.write(`✖ dependency rules: ${violations.length} violation(s)\n  ${violations.join('\n  ')}\n`);
    process.exit(1);
  }
  process.stdout.write('✔ dependency rules hold\n');
}
