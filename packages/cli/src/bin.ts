#!/usr/bin/env node
import { COMMANDS } from './index.js';

const [command] = process.argv.slice(2);

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, summary]) => `  decorum ${name.padEnd(6)} ${summary}`);
  return ['Usage: decorum <command> [options]', '', 'Commands:', ...lines].join('\n');
}

if (command === undefined || command === '--help' || command === '-h') {
  process.stderr.write(`${usage()}\n`);
  process.exitCode = command === undefined ? 1 : 0;
} else if (command in COMMANDS) {
  process.stderr.write(`decorum ${command}: not available in this version of @decorum/cli yet.\n`);
  process.exitCode = 2;
} else {
  process.stderr.write(`decorum: unknown command "${command}".\n\n${usage()}\n`);
  process.exitCode = 1;
}
