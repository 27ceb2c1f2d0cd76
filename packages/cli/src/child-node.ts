// How the CLI starts a project's code in a child process: this Node binary, the export conditions
// this process was started with (tests run the packages from source), source maps, and — for
// TypeScript — the dev loader.
import { fileURLToPath } from 'node:url';

/** Absolute path of a file this package exports (`@decorum/cli/<subpath>`). */
export function ownFile(subpath: string): string {
  return fileURLToPath(import.meta.resolve(`@decorum/cli/${subpath}`));
}

/** Node arguments for running `script` with `args`; any TypeScript among them gets the dev loader. */
export function nodeArgs(script: string, args: readonly string[]): string[] {
  const conditions = process.execArgv.filter((arg) => arg.startsWith('--conditions') || arg.startsWith('-C'));
  const typescript = [script, ...args].some((arg) => /\.[cm]?tsx?$/.test(arg));
  const loader = typescript ? ['--import', import.meta.resolve('@decorum/cli/register')] : [];
  return [...conditions, '--enable-source-maps', ...loader, script, ...args];
}
