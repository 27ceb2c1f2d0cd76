// Creates the project as one transaction: every file is rendered in memory, written to a hidden
// staging folder next to the target, installed and committed there, and only then moved into place.
// Any failure (or Ctrl+C) removes the staging folder and any parent folder we created: no
// half-written project is ever left behind.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CreateAppError } from './errors.js';
import { installDependencies } from './install.js';
import { type ProjectOptions, renderProject } from './project.js';
import type { Spinner } from './terminal.js';

/** The project, plus what to do once its files exist. */
export interface ScaffoldOptions extends ProjectOptions {
  install: boolean;
  git: boolean;
  /** Write into a non-empty target folder, replacing entries of the same names. */
  force: boolean;
  preferOffline: boolean;
  templatesDir: string;
}

/** How scaffold reports progress (the binary prints; tests may collect). */
export interface ScaffoldReporter {
  spinner(text: string): Spinner;
  note(text: string): void;
}

/** What was done. */
export interface ScaffoldResult {
  files: string[];
  installed: boolean;
  git: 'created' | 'skipped';
}

/** Entries that do not make a folder "non-empty". */
const IGNORED_ENTRIES = new Set(['.git', '.DS_Store', 'Thumbs.db']);

/** Refuses a target that is a file, or a non-empty folder without `force`. */
export function checkTarget(targetDir: string, force: boolean): void {
  if (!existsSync(targetDir)) return;
  if (!statSync(targetDir).isDirectory()) {
    throw new CreateAppError('TARGET_NOT_EMPTY', `${targetDir} exists and is not a folder.`);
  }
  const entries = readdirSync(targetDir).filter((entry) => !IGNORED_ENTRIES.has(entry));
  if (entries.length > 0 && !force) {
    throw new CreateAppError(
      'TARGET_NOT_EMPTY',
      `The folder ${targetDir} is not empty (${entries.slice(0, 3).join(', ')}${entries.length > 3 ? ', …' : ''}). ` +
        'Choose another folder, or pass --force to write into it (files of the same names are replaced).',
    );
  }
}

/** Creates `dir` and its missing parents; returns the topmost folder created (to remove on failure). */
function createFolder(dir: string): string | undefined {
  let top: string | undefined;
  for (let current = dir; !existsSync(current); current = dirname(current)) top = current;
  mkdirSync(dir, { recursive: true });
  return top;
}

function git(cwd: string, args: string[]) {
  return spawnSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** `git init` and a first commit in `dir`, unless git is missing or the target is already inside a repository. */
function initGit(dir: string, targetDir: string, report: ScaffoldReporter): 'created' | 'skipped' {
  // Asked from the target itself when it exists: it may be a repository of its own.
  const inside = git(existsSync(targetDir) ? targetDir : dirname(targetDir), ['rev-parse', '--is-inside-work-tree']);
  if (inside.error !== undefined) {
    report.note('git is not installed: no repository was created.');
    return 'skipped';
  }
  if (inside.status === 0 && inside.stdout.trim() === 'true') {
    report.note('The folder is inside a git repository already: no new repository was created.');
    return 'skipped';
  }
  const init = git(dir, ['init', '-q']);
  if (init.status !== 0) {
    report.note(`git init failed, no repository was created: ${init.stderr.trim()}`);
    return 'skipped';
  }
  git(dir, ['add', '-A']);
  const commit = git(dir, ['commit', '-q', '-m', 'Initial commit from create-mcp-app']);
  if (commit.status !== 0) {
    // Usually no user.name/user.email: the repository is there, the files staged, the commit is theirs to make.
    report.note(`Created a git repository, without a first commit: ${commit.stderr.trim().split('\n')[0]}`);
  }
  return 'created';
}

/** Moves the staged project into the target: a rename when the target is new, entry by entry otherwise. */
function moveIntoPlace(staging: string, targetDir: string): void {
  if (!existsSync(targetDir)) {
    renameSync(staging, targetDir);
    return;
  }
  for (const entry of readdirSync(staging)) {
    const destination = join(targetDir, entry);
    rmSync(destination, { recursive: true, force: true });
    renameSync(join(staging, entry), destination);
  }
  rmSync(staging, { recursive: true, force: true });
}

function checkNotAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new CreateAppError('CANCELLED', 'Cancelled: nothing was left behind.');
}

/**
 * Creates the project in `options.targetDir`.
 * @example
 * await scaffold({ name: 'notes', template: 'full', transport: 'stdio', targetDir, … }, reporter, signal);
 */
export async function scaffold(
  options: ScaffoldOptions,
  report: ScaffoldReporter,
  signal: AbortSignal,
): Promise<ScaffoldResult> {
  checkTarget(options.targetDir, options.force);
  const files = renderProject(options, options.templatesDir); // template errors surface before any write
  const parent = dirname(options.targetDir);
  let createdParent: string | undefined;
  let staging: string | undefined;
  try {
    createdParent = createFolder(parent);
    // Not mkdtemp: its folder is 0700 whatever the umask, and the staging folder becomes the project.
    // mkdirSync without a mode gives 0777 minus the umask (0755 typically), like any folder the user makes.
    staging = join(parent, `.${basename(options.targetDir)}.create-mcp-app-${randomBytes(4).toString('hex')}`);
    mkdirSync(staging);
    for (const file of files) {
      const path = join(staging, ...file.path.split('/'));
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, file.content);
    }
    checkNotAborted(signal);
    if (options.install) {
      const spinner = report.spinner(`Installing dependencies with ${options.packageManager}`);
      try {
        await installDependencies({
          cwd: staging,
          packageManager: options.packageManager,
          preferOffline: options.preferOffline,
          signal,
        });
      } catch (error) {
        spinner.fail((error as CreateAppError).code === 'CANCELLED' ? 'Install cancelled' : 'The install failed');
        throw error;
      }
      spinner.succeed('Installed dependencies');
    }
    checkNotAborted(signal);
    const repo = options.git ? initGit(staging, options.targetDir, report) : 'skipped';
    checkNotAborted(signal);
    moveIntoPlace(staging, options.targetDir);
    return { files: files.map((file) => file.path), installed: options.install, git: repo };
  } catch (error) {
    if (staging !== undefined) rmSync(staging, { recursive: true, force: true });
    if (createdParent !== undefined) rmSync(createdParent, { recursive: true, force: true });
    throw error;
  }
}
