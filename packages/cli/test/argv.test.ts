// Strict command lines: an unknown option, a stray word or a --json value that is not an object is
// an error that says what is wrong (these used to be ignored or silently dropped).
import { describe, expect, it } from 'vitest';
import { checkPositionals, parseArgv } from '../src/argv.js';
import { runCli } from './support/work-project.js';

describe('parseArgv and checkPositionals', () => {
  it('refuses unknown long and short options, naming the known ones', () => {
    expect(() => parseArgv(['--jsn'], { json: 'flag' })).toThrow('Unknown option --jsn. Known options: --json.');
    expect(() => parseArgv(['-x'], { json: 'flag' })).toThrow('Unknown option -x. Known options: --json.');
    expect(parseArgv(['-h'], {}).flags.has('help')).toBe(true);
  });

  it('refuses a positional past the ones a command takes', () => {
    const args = parseArgv(['greet', 'stray'], {});
    expect(() => checkPositionals(args, 'call', ['tool'])).toThrow(
      'Unexpected argument "stray": decorum call takes [tool].',
    );
    expect(() => checkPositionals(parseArgv(['x'], {}), 'list', [])).toThrow(
      'Unexpected argument "x": decorum list takes no arguments.',
    );
    expect(() => checkPositionals(parseArgv(['a'], {}), 'call', ['tool'])).not.toThrow();
  });
});

// Each of these fails on the command line alone, before the app is started.
describe('decorum command lines that are mistakes', () => {
  const cwd = process.cwd();
  const fails = (args: string[], message: string) => {
    const result = runCli(cwd, args);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`${message}\n`);
    expect(result.status).toBe(1);
  };

  it('call --json with an array, a number or broken JSON', () => {
    const object = `like '{"name": "Ada"}'`;
    fails(
      ['call', 'x', '--json', '[1,2]'],
      `decorum call: --json arguments must be a JSON object of the tool's arguments, ${object}; got an array.`,
    );
    fails(
      ['call', 'x', '--json', '5'],
      `decorum call: --json arguments must be a JSON object of the tool's arguments, ${object}; got a number.`,
    );
    const broken = runCli(cwd, ['call', 'x', '--json', '{"a":']);
    expect(broken.stderr).toMatch(/^decorum call: --json arguments are not valid JSON: /);
    expect(broken.status).toBe(1);
  });

  it('a stray positional argument', () => {
    fails(['call', 'greet', 'Ada'], 'decorum call: Unexpected argument "Ada": decorum call takes [tool].');
    fails(['list', 'tools'], 'decorum list: Unexpected argument "tools": decorum list takes no arguments.');
    fails(['read', 'a://x', 'b://y'], 'decorum read: Unexpected argument "b://y": decorum read takes [uri].');
    fails(['dev', 'a.ts', 'b.ts'], 'decorum dev: Unexpected argument "b.ts": decorum dev takes [entry].');
    fails(['build', 'a.ts', 'b.ts'], 'decorum build: Unexpected argument "b.ts": decorum build takes [entry].');
  });

  it('a JSON value after --json for a command other than call is a stray argument', () => {
    fails(['read', 'a://x', '--json', '{}'], 'decorum read: Unexpected argument "{}": decorum read takes [uri].');
  });

  it('a missing name, and an unknown short option', () => {
    fails(['call'], 'decorum call: decorum call needs a name.');
    fails(['list', '-j'], 'decorum list: Unknown option -j. Known options: --entry, --url, --header, --arg, --json.');
  });
});
