#!/usr/bin/env node
import { buildCommand } from './build/build-command.js';
import { CliError } from './cli-error.js';
import { clientCommand } from './client/client-commands.js';
import { loginCommand } from './client/login-command.js';
import { devCommand } from './dev/dev-command.js';
import { COMMANDS } from './index.js';
import { proxyCommand } from './proxy/proxy-command.js';
import { startCommand } from './start-command.js';

const [command, ...rest] = process.argv.slice(2);
const cwd = process.cwd();
// Dev and start may serve over stdio, so everything the CLI says goes to stderr; only the client
// commands print their answer to stdout.
const log = (line: string) => process.stderr.write(`[decorum] ${line}\n`);

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, summary]) => `  decorum ${name.padEnd(7)} ${summary}`);
  return [
    'Usage: decorum <command> [options]   (decorum <command> --help for details)',
    '',
    'Commands:',
    ...lines,
  ].join('\n');
}

async function main(): Promise<void> {
  switch (command) {
    case undefined:
    case '--help':
    case '-h':
      process.stderr.write(`${usage()}\n`);
      process.exitCode = command === undefined ? 1 : 0;
      return;
    case 'dev':
      return devCommand(rest, cwd);
    case 'build':
      return buildCommand(rest, cwd, log);
    case 'start':
      return startCommand(rest, cwd);
    case 'proxy':
      return proxyCommand(rest, cwd, log);
    case 'login':
      process.stderr.write(`${await loginCommand(rest)}\n`);
      return;
    case 'list':
    case 'call':
    case 'read':
    case 'prompt': {
      const output = await clientCommand(command, rest, cwd);
      process.stdout.write(`${output.text}\n`);
      if (output.failed) process.exitCode = 1;
      return;
    }
    default:
      process.stderr.write(`decorum: unknown command "${command}".\n\n${usage()}\n`);
      process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  if (error instanceof CliError) {
    process.stderr.write(`decorum ${command}: ${error.message}\n`);
    process.exit(error.exitCode);
  }
  process.stderr.write(`decorum ${command}: ${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
