import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkPositionals, parseArgv } from './argv.js';
import { CliError } from './cli-error.js';
import { resolveProject } from './project.js';

/** Usage of `decorum start`. */
export const START_USAGE = `Usage: decorum start [entry] [-- args for the app]

Runs the built app (dist/<entry>.js, from decorum build) in this process.`;

/** `decorum start`: imports the built entry as the main program, with the arguments after `--`. */
export async function startCommand(argv: readonly string[], cwd: string): Promise<void> {
  const args = parseArgv(argv, {});
  if (args.flags.has('help')) {
    process.stderr.write(`${START_USAGE}\n`);
    return;
  }
  checkPositionals(args, 'start', ['entry']);
  const project = resolveProject(cwd, args.positionals[0], { mustExist: false });
  if (!existsSync(project.builtEntry)) {
    throw new CliError(
      `Cannot find the built app ${relative(cwd, project.builtEntry)}. Run \`decorum build\` first (or \`decorum dev\` to run the sources).`,
    );
  }
  process.argv = [process.argv[0] as string, project.builtEntry, ...args.rest];
  process.setSourceMapsEnabled(true);
  try {
    await import(pathToFileURL(project.builtEntry).href);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new CliError(`${(error as Error).message}: the port is in use. Stop the other server or use another port.`);
    }
    throw error;
  }
}
