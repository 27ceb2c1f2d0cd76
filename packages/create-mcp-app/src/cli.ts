// The create-mcp-app command: reads the flags, asks for the rest on a terminal (or takes the
// defaults), scaffolds, and prints what to do next. Returns the exit status instead of exiting.
import { basename, isAbsolute, relative, resolve } from 'node:path';
import { type CliArgs, parseArgs, USAGE } from './args.js';
import {
  DEPLOY_TARGETS,
  type DeployTarget,
  TEMPLATES,
  type TemplateName,
  TRANSPORTS,
  type Transport,
} from './constants.js';
import { type DecorumSource, localDecorumSource, ownVersion } from './decorum-packages.js';
import { deployAdditions } from './deploy.js';
import { CreateAppError } from './errors.js';
import { detectPackageManager, type PackageManager, runPrefix, runScript } from './package-manager.js';
import { checkProjectName, unscopedName } from './project-name.js';
import { createPrompter, type Prompter } from './prompts.js';
import { checkTarget, type ScaffoldOptions, scaffold } from './scaffold.js';
import { findTemplatesDir, readTemplateManifest } from './templates.js';
import { type Colors, createColors, type Output, startSpinner } from './terminal.js';

/** Where the command reads and writes (the real process, or fakes in tests). */
export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: Output;
  stderr: Output;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Aborted on SIGINT/SIGTERM: the scaffold stops and cleans up. */
  signal: AbortSignal;
}

const DEFAULT_NAME = 'my-mcp-server';
const EXIT = { ok: 0, failed: 1, usage: 2, cancelled: 130 } as const;

function nameProblem(name: string): string | undefined {
  const check = checkProjectName(name);
  if (check.valid) return undefined;
  const hint = check.suggestion === undefined ? '' : ` Try "${check.suggestion}".`;
  return `Invalid project name "${name}": ${check.problems.join('; ')}.${hint}`;
}

function decorumSource(args: CliArgs, env: NodeJS.ProcessEnv, cwd: string): DecorumSource {
  const dir = args.decorumPackages ?? env.CREATE_MCP_APP_DECORUM_PACKAGES;
  if (dir) return localDecorumSource(resolve(cwd, dir));
  return { kind: 'registry', spec: args.decorumVersion ?? `^${ownVersion()}` };
}

/** Asks for the project name until it is valid; after a refusal, the suggestion is the default. */
async function askName(prompter: Prompter, given: string | undefined): Promise<string> {
  let suggested = given === undefined ? DEFAULT_NAME : (checkProjectName(given).suggestion ?? DEFAULT_NAME);
  for (;;) {
    const answer = await prompter.text('Project name', suggested);
    const problem = nameProblem(answer);
    if (problem === undefined) return answer;
    prompter.warn(problem);
    suggested = checkProjectName(answer).suggestion ?? suggested;
  }
}

/** Every choice, from the flags first and the prompter (when there is one) second. */
async function resolveOptions(args: CliArgs, io: CliIo, prompter: Prompter | undefined): Promise<ScaffoldOptions> {
  const decorum = decorumSource(args, io.env, io.cwd); // a bad folder of packages fails before any question
  let name = args.name ?? (args.dir === undefined ? undefined : basename(resolve(io.cwd, args.dir)));
  if (prompter !== undefined && (name === undefined || nameProblem(name) !== undefined)) {
    name = await askName(prompter, name);
  }
  name ??= DEFAULT_NAME;
  const problem = nameProblem(name);
  if (problem !== undefined) throw new CreateAppError('INVALID_NAME', `${problem} Pass --name to choose another.`);

  const targetDir = resolve(io.cwd, args.dir ?? unscopedName(name));
  let force = args.force;
  try {
    checkTarget(targetDir, force);
  } catch (error) {
    const ask = prompter !== undefined && (error as CreateAppError).code === 'TARGET_NOT_EMPTY';
    if (!ask || !(await prompter.confirm(`${targetDir} is not empty. Write into it anyway?`, false))) throw error;
    force = true;
  }

  const templatesDir = findTemplatesDir();
  const manifests = TEMPLATES.map((t) => readTemplateManifest(templatesDir, t));
  const template: TemplateName =
    args.template ??
    (prompter === undefined
      ? 'basic'
      : await prompter.select(
          'Template',
          manifests.map((m) => ({ value: m.name, hint: m.description })),
          'basic',
        ));
  const manifest = readTemplateManifest(templatesDir, template);
  if (args.transport !== undefined && !manifest.transports.includes(args.transport)) {
    throw new CreateAppError(
      'USAGE',
      `The ${template} template can be generated for ${manifest.transports.join(' or ')}, not ${args.transport}.`,
    );
  }
  if (args.schema !== undefined && !manifest.schemas.includes(args.schema)) {
    throw new CreateAppError(
      'USAGE',
      `The ${template} template comes with ${manifest.schemas.join(' or ')} schemas, not ${args.schema}.`,
    );
  }
  if (args.auth !== undefined && !manifest.auths.includes(args.auth)) {
    throw new CreateAppError(
      'USAGE',
      `The ${template} template comes with auth ${manifest.auths.join(' or ')}, not ${args.auth}` +
        (args.auth === 'oauth' ? ': sign-in is in the http template (--template http --auth oauth).' : '.'),
    );
  }
  const transportHints: Record<Transport, string> = {
    stdio: 'clients launch the server as a process',
    http: 'Streamable HTTP on a port',
    both: template === 'http' ? 'HTTP, or stdio with --stdio' : 'stdio, or HTTP with --http',
  };
  // A platform serves HTTP: without a transport given, a deploy target other than node picks it.
  const deployed = args.deploy !== undefined && args.deploy !== 'node';
  if (deployed && args.transport === 'stdio') {
    throw new CreateAppError('USAGE', `--deploy ${args.deploy} serves over HTTP: choose --transport http or both.`);
  }
  if (deployed && !manifest.transports.some((t) => t !== 'stdio')) {
    throw new CreateAppError(
      'USAGE',
      `The ${template} template serves stdio only: it cannot be deployed to ${args.deploy}.`,
    );
  }
  const transport: Transport =
    args.transport ??
    (deployed
      ? manifest.transports.includes('http')
        ? 'http'
        : 'both'
      : prompter === undefined
        ? manifest.defaultTransport
        : await prompter.select(
            'Transport',
            TRANSPORTS.filter((t) => manifest.transports.includes(t)).map((t) => ({
              value: t,
              hint: transportHints[t],
            })),
            manifest.defaultTransport,
          ));
  const packageManager: PackageManager = args.packageManager ?? detectPackageManager(io.env);
  const deploy = args.deploy ?? (await askDeploy(prompter, transport, packageManager));
  if (args.auth === 'oauth' && deploy !== 'node') {
    // Sign-in builds its authorization server from the bound endpoint, which only a listening Node process has.
    throw new CreateAppError(
      'USAGE',
      `--auth oauth runs as a Node server: deploy it with --deploy node (a container or VM), not ${deploy}.`,
    );
  }
  const install =
    args.install ??
    (prompter === undefined || (await prompter.confirm(`Install dependencies with ${packageManager} now?`, true)));
  const git = args.git ?? (prompter === undefined || (await prompter.confirm('Initialize a git repository?', true)));
  return {
    name,
    template,
    transport,
    schema: args.schema ?? 'dto',
    auth: args.auth ?? 'none',
    deploy,
    packageManager,
    targetDir,
    decorum,
    install,
    git,
    force,
    preferOffline: args.preferOffline,
    templatesDir,
  };
}

/** The deploy target, asked for on a terminal when the server speaks HTTP (stdio servers run as a local process). */
async function askDeploy(
  prompter: Prompter | undefined,
  transport: Transport,
  packageManager: PackageManager,
): Promise<DeployTarget> {
  if (prompter === undefined || transport === 'stdio') return 'node';
  return prompter.select(
    'Deploy to',
    DEPLOY_TARGETS.map((t) => ({ value: t, hint: deployAdditions(t, runPrefix(packageManager)).hint })),
    'node',
  );
}

function summary(options: ScaffoldOptions, cwd: string, c: Colors): string {
  // Relative when the project is below the working folder, absolute otherwise (no ../../ walks).
  const rel = relative(cwd, options.targetDir);
  const where = rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? options.targetDir : rel;
  const pm = options.packageManager;
  const steps: [string, string][] = [];
  if (where !== '.') steps.push([`cd ${where.includes(' ') ? JSON.stringify(where) : where}`, '']);
  if (!options.install) steps.push([`${pm} install`, 'install the dependencies']);
  steps.push(
    [runScript(pm, 'dev'), 'run from the sources with hot reload'],
    [runScript(pm, 'test'), 'run the tests'],
    [runScript(pm, 'build'), 'build dist/server.js, then connect a client (see README.md)'],
  );
  const deploy = options.deploy ?? 'node';
  if (deploy !== 'node') {
    steps.push([
      runScript(pm, `build:${deploy}`),
      `build for ${deployAdditions(deploy, runPrefix(pm)).hint} (README.md, "Deploy")`,
    ]);
  }
  const width = Math.max(...steps.map(([command]) => command.length));
  return [
    '',
    `${c.green('✔')} Created ${c.bold(options.name)} in ${c.cyan(where)} ${c.dim(`(template ${options.template}, transport ${options.transport}${deploy === 'node' ? '' : `, deploy ${deploy}`})`)}`,
    '',
    'Next steps:',
    ...steps.map(([command, what]) => `  ${c.cyan(command.padEnd(width))}  ${c.dim(what)}`.trimEnd()),
    '',
  ].join('\n');
}

/**
 * Runs create-mcp-app with `argv` (the arguments after the command); resolves with the exit status.
 * @example
 * process.exitCode = await run(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, … });
 */
export async function run(argv: readonly string[], io: CliIo): Promise<number> {
  const out = createColors(io.stdout, io.env);
  const err = createColors(io.stderr, io.env);
  let prompter: Prompter | undefined;
  try {
    const args = parseArgs(argv);
    if (args.help) {
      io.stdout.write(USAGE);
      return EXIT.ok;
    }
    if (args.version) {
      io.stdout.write(`${ownVersion()}\n`);
      return EXIT.ok;
    }
    // No prompt without a terminal to answer it: scripts and CI get the defaults.
    if (io.stdin.isTTY === true && !args.yes) prompter = createPrompter(io.stdin, io.stdout, out);
    const options = await resolveOptions(args, io, prompter);
    prompter?.close();
    prompter = undefined;
    await scaffold(
      options,
      {
        spinner: (text) => startSpinner(io.stdout, out, text),
        note: (text) => io.stdout.write(`${out.yellow('!')} ${text}\n`),
      },
      io.signal,
    );
    io.stdout.write(summary(options, io.cwd, out));
    return EXIT.ok;
  } catch (error) {
    prompter?.close();
    if (!(error instanceof CreateAppError)) throw error;
    io.stderr.write(`${err.red('✖')} ${error.message}\n`);
    if (error.code === 'USAGE') return EXIT.usage;
    return error.code === 'CANCELLED' ? EXIT.cancelled : EXIT.failed;
  }
}
