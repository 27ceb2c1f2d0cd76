// Runs the package manager's install in the new project, showing a spinner, and turns a failure
// into an error that shows the end of its output.
import { spawn } from 'node:child_process';
import { CreateAppError } from './errors.js';
import { installArgs, type PackageManager } from './package-manager.js';

const KEPT_OUTPUT = 64 * 1024;
const SHOWN_LINES = 25;

/** What to install and how. */
export interface InstallOptions {
  cwd: string;
  packageManager: PackageManager;
  preferOffline: boolean;
  /** Aborting kills the install (Ctrl+C, SIGTERM). */
  signal: AbortSignal;
}

/**
 * The environment of the install: ours, minus what would point npm at the project we were started
 * from (`npm run`/`npm exec` export the caller's folder as npm_config_local_prefix, workspaces…).
 */
function installEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([key]) => !/^npm_config_(local_prefix|workspaces?|include_workspace_root)$/i.test(key)),
  );
}

/**
 * Installs the dependencies of the project in `cwd`; rejects with an INSTALL error that says which
 * command failed and ends with its last lines of output.
 * @example
 * await installDependencies({ cwd, packageManager: 'npm', preferOffline: true, signal });
 */
export function installDependencies(options: InstallOptions): Promise<void> {
  const args = installArgs(options.packageManager, options.preferOffline);
  const command = `${options.packageManager} ${args.join(' ')}`;
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(options.packageManager, args, {
      cwd: options.cwd,
      env: installEnv(process.env),
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32', // npm.cmd and friends need a shell on Windows
      signal: options.signal,
    });
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-KEPT_OUTPUT);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    child.on('error', (error: NodeJS.ErrnoException) => {
      // Aborted: the child is being killed; 'close' reports it once it is gone (and writes no more files).
      if (error.name === 'AbortError') return;
      if (error.code === 'ENOENT') {
        reject(
          new CreateAppError(
            'INSTALL',
            `${options.packageManager} was not found on your PATH. Install it, or pass --package-manager npm.`,
          ),
        );
      } else {
        reject(new CreateAppError('INSTALL', `${command} could not start: ${error.message}`, { cause: error }));
      }
    });
    child.on('close', (code, signal) => {
      if (options.signal.aborted) {
        return reject(new CreateAppError('CANCELLED', 'Cancelled during the install: nothing was left behind.'));
      }
      if (code === 0) return resolve();
      const tail = output.trimEnd().split('\n').slice(-SHOWN_LINES).join('\n');
      const status = code === null ? `signal ${signal}` : `exit code ${code}`;
      reject(new CreateAppError('INSTALL', `${command} failed (${status}). Its last lines of output:\n${tail}`));
    });
  });
}
