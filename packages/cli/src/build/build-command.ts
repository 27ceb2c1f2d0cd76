import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, extname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { checkPositionals, parseArgv } from '../argv.js';
import { ownFile } from '../child-node.js';
import { CliError } from '../cli-error.js';
import { type Project, resolveProject } from '../project.js';
import { type BundleForm, bundleApp, externalDependencies } from './bundle-app.js';
import { logCache, readManifest, writeManifests } from './manifest-files.js';
import { bundleSkills } from './skills-bundle.js';
import { bundleTarget } from './targets/bundle-target.js';
import { buildTarget, TARGETS } from './targets/index.js';
import { checkDecoratorOptions } from './tsconfig-check.js';
import { bundleUi } from './ui-bundle.js';

/** Usage of `decorum build`. */
export const BUILD_USAGE = `Usage: decorum build [entry] [--target <name>] [--no-bundle] [--no-manifest] [--with-lists] [--out-dir <dir>] [--tsconfig <file>]

Builds the app with tsup + SWC (decorator metadata guaranteed) into dist/, then writes
mcp-manifest.json (every tool, resource, template and prompt with its schema, as a host with
MCP Apps and every scope sees them: app-only tools and views included, @Authorized entries with
their scopes; "leftOut" says what is not there), server.json (the MCP registry's format) and
server-card.json (an experimental Server Card) next to package.json; a skills/ folder beside the
entry is copied into the out dir, and skills are listed with their files' digests.
The manifest holds what the providers declare: templates' list() methods are not run (no live data
in a file CI diffs); --with-lists runs them and adds the resources they list.
Dependencies are bundled into one file (faster cold start); --no-bundle keeps them in node_modules.
Packages that cannot be bundled: list them in package.json "decorum": { "external": [...] }
(native addons among the dependencies are kept external on their own).
--out-dir and --tsconfig (or "decorum": { "outDir", "tsconfig" }) default to dist/ and tsconfig.json.
--target builds for another runtime: one bundle with the entry it expects (docs/deploy.md). The entry
then exports the app (\`app\`, default, or \`createApp()\`) or calls app.listen(…), which the bundle
turns into the runtime's Fetch handler.
${[...TARGETS.values()].map((target) => `  ${target.name.padEnd(8)} ${target.summary}`).join('\n')}`;

/** `decorum build`. */
export async function buildCommand(argv: readonly string[], cwd: string, log: (line: string) => void): Promise<void> {
  const args = parseArgv(argv, {
    'no-manifest': 'flag',
    'no-bundle': 'flag',
    'with-lists': 'flag',
    'out-dir': 'value',
    tsconfig: 'value',
    target: 'value',
  });
  if (args.flags.has('help')) {
    process.stderr.write(`${BUILD_USAGE}\n`);
    return;
  }
  checkPositionals(args, 'build', ['entry']);
  const target = buildTarget(args.values.get('target'));
  const project = resolveProject(cwd, args.positionals[0], {
    outDir: args.values.get('out-dir'),
    tsconfig: args.values.get('tsconfig'),
  });
  const started = performance.now();
  const bundle = !args.flags.has('no-bundle');
  const withLists = args.flags.has('with-lists');
  if (target.entrySource !== undefined) {
    if (!bundle) throw new CliError(`The ${target.name} target is always one bundle: drop --no-bundle.`);
    // The SWC output stays staged until the manifest is read from it (Node runs it; the bundle is for the
    // target), beside the out dir: URLs relative to the module (`new URL('../skills', import.meta.url)`)
    // then resolve as they will from the bundle.
    // (An out dir outside the project stages in the project, where its imports still resolve.)
    const beside = relative(project.root, project.outDir).startsWith('..') ? project.root : dirname(project.outDir);
    const staging = join(beside, `.decorum-build-${target.name}`);
    const { appModule, stageDir } = await compileTo(project, staging);
    try {
      const built = join(
        project.outDir,
        target.outputs(basename(project.entry, extname(project.entry)), extname(project.builtEntry)).bundle,
      );
      await bundleTarget({
        target,
        root: project.root,
        appModule,
        stageDir,
        runtimeModule: ownFile('target-runtime'),
        outfile: built,
        external: externalDependencies(project.root, project.manifest),
      }).catch((error: Error) => {
        if (error instanceof CliError) throw error;
        throw new CliError(
          `Build for ${target.name} failed: ${error.message}\nA dependency that cannot be bundled can be listed in package.json "decorum": { "external": ["name"] } if the runtime provides it.`,
        );
      });
      log(`built ${relative(cwd, built)} for ${target.name} in ${Math.round(performance.now() - started)} ms`);
      if (!args.flags.has('no-manifest'))
        await writeManifests({ ...project, builtEntry: appModule }, withLists, undefined, log);
      for (const line of target.notes({ bundle: relative(cwd, built), outDir: relative(cwd, project.outDir) }))
        log(line);
    } finally {
      await rm(stageDir, { recursive: true, force: true });
    }
    return;
  }
  const form = await compile(project, bundle);
  const out = relative(cwd, project.builtEntry);
  const how = bundle ? 'bundled with its dependencies' : 'dependencies external';
  log(`built ${out} (${how}) in ${Math.round(performance.now() - started)} ms`);
  if (form?.script === false) log(`no code cache for ${out}: ${form.reason}`);
  const cache = form?.script === true ? form.cache : undefined;
  // MCP App views: each ui/<name>.html becomes one self-contained <outDir>/ui/<name>.html.
  const views = await bundleUi({ root: project.root, outDir: join(project.outDir, 'ui') });
  if (views.length > 0)
    log(
      `built ${views.length} view${views.length === 1 ? '' : 's'}: ${views.map((v) => relative(cwd, v.output)).join(', ')}`,
    );
  // Skills beside the entry (src/skills) go into the build, before the built app first starts.
  const skills = bundleSkills(project.entry, project.outDir, project.root);
  if (skills) log(`copied the skills of ${relative(cwd, skills.from)} to ${relative(cwd, skills.to)}`);
  if (args.flags.has('no-manifest')) {
    if (cache !== undefined) await warmUp(project, cache, cwd, log);
    return;
  }
  await writeManifests(project, withLists, cache === undefined ? undefined : { cache, cwd }, log);
}

/**
 * Starts the built app once so its loader writes the code cache, when no manifest run does it. An app
 * that cannot start here (it needs a database, say) is still built: it just starts without the cache.
 */
async function warmUp(project: Project, cache: string, cwd: string, log: (line: string) => void): Promise<void> {
  try {
    await readManifest(project, false, cache);
    logCache(cache, cwd, log);
  } catch (error) {
    await rm(cache, { force: true });
    const why = (error as Error).message.split('\n').slice(1).join(' ').slice(0, 300);
    log(`no code cache: the built app did not start at build time (${why})`);
  }
}

async function compile(project: Project, bundle: boolean): Promise<BundleForm | undefined> {
  // Bundling compiles the project into a staging folder inside node_modules (so its imports resolve
  // as from the project), then bundles that into outDir.
  const stageDir = bundle ? join(project.root, 'node_modules', '.cache', 'decorum-build') : project.outDir;
  try {
    const { appModule } = await compileTo(project, stageDir);
    if (bundle) {
      await rm(project.outDir, { recursive: true, force: true });
      return await bundleApp(
        project.root,
        appModule,
        project.builtEntry,
        externalDependencies(project.root, project.manifest),
      );
    }
    return undefined;
  } catch (error) {
    if (error instanceof CliError) throw error;
    const hint = bundle
      ? '\nIf a dependency cannot be bundled, list it in package.json "decorum": { "external": ["name"] } or build with --no-bundle.'
      : '';
    throw new CliError(`Build failed: ${(error as Error).message}${hint}`);
  } finally {
    if (bundle) await rm(stageDir, { recursive: true, force: true });
  }
}

/** Compiles the project's own sources with tsup + SWC into `stageDir`; the app module is checked for metadata. */
async function compileTo(project: Project, stageDir: string): Promise<{ appModule: string; stageDir: string }> {
  const { tsconfig } = project;
  checkDecoratorOptions(tsconfig);
  const { build } = await import('tsup');
  const name = basename(project.entry, extname(project.entry));
  const extension = extname(project.builtEntry);
  const appModule = join(stageDir, basename(project.builtEntry));
  try {
    await build({
      entry: { [name]: project.entry },
      outDir: stageDir,
      format: ['esm'],
      outExtension: () => ({ js: extension }),
      platform: 'node',
      target: 'node20',
      sourcemap: true,
      clean: true,
      splitting: false,
      skipNodeModulesBundle: true,
      tsconfig,
      config: false,
      silent: true,
    });
  } catch (error) {
    throw new CliError(`Build failed: ${(error as Error).message}`);
  }
  checkMetadata(project, appModule);
  return { appModule, stageDir };
}

/** Decorated classes without `design:*` metadata mean tsup compiled without SWC: every DTO would break. */
function checkMetadata(project: Project, compiled: string): void {
  const output = readFileSync(compiled, 'utf8');
  const decorated = /_ts_decorate\(|__decorate\(/.test(output);
  if (decorated && !/["']design:(?:type|paramtypes)["']/.test(output)) {
    throw new CliError(
      `${relative(project.root, project.builtEntry)} has decorators but no decorator metadata: tsup compiled without SWC. ` +
        'Install @swc/core (npm i -D @swc/core@1.16.22) and keep "emitDecoratorMetadata": true in tsconfig.json.',
    );
  }
}
