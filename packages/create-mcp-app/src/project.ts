// Everything a new project is made of, computed before a single file is written: the choices, the
// values of the placeholders, and the rendered text of every file.
import { readFileSync } from 'node:fs';
import { clientConfigs } from './client-configs.js';
import type { AuthStyle, DeployTarget, SchemaStyle, TemplateName, Transport } from './constants.js';
import { type DecorumSource, decorumSpec, useLocalPackages } from './decorum-packages.js';
import { deployAdditions } from './deploy.js';
import { CreateAppError } from './errors.js';
import { type PackageManager, runPrefix, runScript } from './package-manager.js';
import { unscopedName } from './project-name.js';
import { renderTemplate } from './render.js';
import { templateFiles } from './templates.js';

/** The choices a project is generated from (after prompts and flags). */
export interface ProjectOptions {
  /** The package name, checked against npm's rules. */
  name: string;
  template: TemplateName;
  transport: Transport;
  /** How the tools describe their arguments (default dto). */
  schema?: SchemaStyle;
  /** Whether users sign in (default none). */
  auth?: AuthStyle;
  /** Where the project is deployed (default node): other targets add their config files and scripts. */
  deploy?: DeployTarget;
  packageManager: PackageManager;
  /** Absolute path of the folder the project ends up in (client configurations point there). */
  targetDir: string;
  decorum: DecorumSource;
}

/** The zod a `--schema zod` project depends on (the version Decorum is tested with). */
export const ZOD_VERSION = '4.6.7';

/** `manifest` with `name@version` among its dependencies, kept in name order. */
function withDependency(manifest: Record<string, unknown>, name: string, version: string): Record<string, unknown> {
  const dependencies = { ...(manifest.dependencies as Record<string, string> | undefined), [name]: version };
  const sorted = Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { ...manifest, dependencies: sorted };
}

/** `manifest` with the deploy target's scripts after its own and its development dependencies, in name order. */
function withDeployment(manifest: Record<string, unknown>, options: ProjectOptions): Record<string, unknown> {
  if (options.deploy === undefined || options.deploy === 'node') return manifest;
  const { scripts, devDependencies } = deployAdditions(options.deploy, runPrefix(options.packageManager));
  const dev = { ...(manifest.devDependencies as Record<string, string> | undefined), ...devDependencies };
  return {
    ...manifest,
    scripts: { ...(manifest.scripts as Record<string, string> | undefined), ...scripts },
    devDependencies: Object.fromEntries(Object.entries(dev).sort(([a], [b]) => (a < b ? -1 : 1))),
  };
}

/** One file to write, with its project-relative path. */
export interface ProjectFile {
  path: string;
  content: string;
}

function inspectCommand(options: ProjectOptions): string {
  const inspector = 'npx @modelcontextprotocol/inspector';
  if (options.transport === 'stdio') return `${inspector} node dist/server.js`;
  if (options.transport === 'both') {
    return `${inspector} node dist/server.js${options.template === 'http' ? ' --stdio' : ''}`;
  }
  return `${inspector} --transport http --server-url http://127.0.0.1:3000/mcp`;
}

/** The flags the templates' `@if` sections test. */
export function projectFlags(options: ProjectOptions): Set<string> {
  const flags = new Set([
    options.transport,
    `template:${options.template}`,
    `pm:${options.packageManager}`,
    `schema:${options.schema ?? 'dto'}`,
    `auth:${options.auth ?? 'none'}`,
  ]);
  if (options.transport === 'both') flags.add('stdio').add('http');
  const deploy = options.deploy ?? 'node';
  flags.add(`deploy:${deploy}`);
  // Served by a platform, not by `node dist/server.js`: the allowed Host names come from the environment.
  if (deploy !== 'node') flags.add('deployed');
  return flags;
}

/** The values of the templates' `{{placeholders}}`. */
export function projectValues(options: ProjectOptions): Record<string, string> {
  const serverName = unscopedName(options.name);
  return {
    name: options.name,
    packageName: options.name,
    serverName,
    decorumVersion: decorumSpec(options.decorum),
    inspectCommand: inspectCommand(options),
    run: runPrefix(options.packageManager),
    clientConfigs: clientConfigs({
      serverName,
      projectDir: options.targetDir,
      template: options.template,
      transport: options.transport,
      startCommand: runScript(options.packageManager, 'start'),
    }),
  };
}

/**
 * Renders every file of the project in memory.
 * @example
 * const files = renderProject(options, findTemplatesDir()); // [{ path: '.gitignore', content: '…' }, …]
 */
export function renderProject(options: ProjectOptions, templatesDir: string): ProjectFile[] {
  const context = { flags: projectFlags(options), values: projectValues(options) };
  const files = templateFiles(
    templatesDir,
    options.template,
    options.transport,
    options.schema,
    options.auth,
    options.deploy,
  );
  return files.map(({ path, source }) => {
    let content = renderTemplate(readFileSync(source, 'utf8'), context, `${options.template}/${path}`);
    if (path === 'package.json') {
      let manifest: Record<string, unknown>;
      try {
        manifest = JSON.parse(content) as Record<string, unknown>;
      } catch (error) {
        throw new CreateAppError('TEMPLATE', `${options.template}/package.json is not valid JSON once rendered`, {
          cause: error,
        });
      }
      if (options.schema === 'zod') manifest = withDependency(manifest, 'zod', ZOD_VERSION);
      if (options.auth === 'oauth') {
        manifest = withDependency(manifest, '@decorum/oauth', decorumSpec(options.decorum));
      }
      manifest = withDeployment(manifest, options);
      content = `${JSON.stringify(useLocalPackages(manifest, options.decorum, options.packageManager), null, 2)}\n`;
    }
    return { path, content };
  });
}
