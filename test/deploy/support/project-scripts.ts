// Runs a scaffolded project's package.json script the way `npm run` would, with this checkout's tools:
// `decorum` is the CLI from source, `next` the repository's Next.js. Any other command is refused, so a
// script the test cannot run as written fails loudly instead of being skipped.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BIN_ARGS } from '../../../packages/cli/test/support/work-project.js';
import { REPO_ROOT } from '../../support/spawn-fixture.js';

/** What the commands of a script may be, and how each runs here. */
const COMMANDS: Record<string, string[]> = {
  decorum: [process.execPath, ...BIN_ARGS],
  next: [process.execPath, join(REPO_ROOT, 'node_modules/next/dist/bin/next')],
};

/** The environment of the tools: no Next.js telemetry (it would phone home from CI). */
export const TOOL_ENV = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

/** The script `name` of the project in `dir`. */
export function projectScript(dir: string, name: string): string {
  const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> };
  const script = manifest.scripts?.[name];
  if (script === undefined) throw new Error(`package.json has no "${name}" script`);
  return script;
}

/**
 * Runs script `name` of the project in `dir` (commands joined by `&&`, each split on spaces: the scripts
 * create-mcp-app writes have no quoting); throws with the output of the command that failed. Returns the
 * commands' stderr and stdout.
 */
export function runProjectScript(dir: string, name: string, timeout = 300_000): string {
  let output = '';
  for (const command of projectScript(dir, name).split(' && ')) {
    const [tool, ...args] = command.trim().split(/\s+/);
    const runner = COMMANDS[tool as string];
    if (runner === undefined) throw new Error(`script "${name}": no way to run "${tool}" here`);
    const [file, ...pre] = runner as [string, ...string[]];
    const run = spawnSync(file, [...pre, ...args], { cwd: dir, encoding: 'utf8', timeout, env: TOOL_ENV });
    output += `${run.stderr}${run.stdout}`;
    if (run.status !== 0) throw new Error(`script "${name}": ${command} failed (${run.status}):\n${output}`);
  }
  return output;
}
