// A small argv parser: the commands need repeatable options (`--arg k=v`), an option that is a flag
// or takes a JSON value (`--json` / `--json '{…}'`), and everything after `--` passed through —
// more than util.parseArgs offers without contortions.
import { CliError } from './cli-error.js';

/** How one option is read. */
export type OptionKind = 'flag' | 'value' | 'list';

/** Parsed command line: positionals, options, and what followed `--`. */
export interface ParsedArgs {
  positionals: string[];
  flags: Set<string>;
  values: Map<string, string>;
  lists: Map<string, string[]>;
  rest: string[];
}

/**
 * Parses `argv` against `spec` (option name without dashes → kind). `--name=value` and
 * `--name value` both work; an unknown option is an error that lists the known ones.
 */
export function parseArgv(argv: readonly string[], spec: Readonly<Record<string, OptionKind>>): ParsedArgs {
  const parsed: ParsedArgs = { positionals: [], flags: new Set(), values: new Map(), lists: new Map(), rest: [] };
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i] as string;
    if (token === '--') {
      parsed.rest = argv.slice(i + 1);
      break;
    }
    if (!token.startsWith('--') || token === '-') {
      if (token === '-h') parsed.flags.add('help');
      else if (/^-[^-\d]/.test(token)) throw new CliError(`Unknown option ${token}. ${knownOptions(spec)}`);
      else parsed.positionals.push(token);
      continue;
    }
    const eq = token.indexOf('=');
    const name = token.slice(2, eq === -1 ? undefined : eq);
    const kind = spec[name] ?? (name === 'help' ? 'flag' : undefined);
    if (kind === undefined) throw new CliError(`Unknown option ${token}. ${knownOptions(spec)}`);
    if (kind === 'flag') {
      if (eq !== -1) throw new CliError(`--${name} takes no value.`);
      parsed.flags.add(name);
      continue;
    }
    let value: string | undefined = eq === -1 ? undefined : token.slice(eq + 1);
    if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new CliError(`--${name} needs a value.`);
      i++;
    }
    if (kind === 'value') parsed.values.set(name, value);
    else parsed.lists.set(name, [...(parsed.lists.get(name) ?? []), value]);
  }
  return parsed;
}

function knownOptions(spec: Readonly<Record<string, OptionKind>>): string {
  const known = Object.keys(spec).map((k) => `--${k}`);
  return `Known options: ${known.join(', ') || 'none'}.`;
}

/**
 * Refuses positionals past the `names` a command takes (a stray word is a mistake, not something
 * to ignore), naming the unexpected one and what the command does take.
 */
export function checkPositionals(args: ParsedArgs, command: string, names: readonly string[]): void {
  const extra = args.positionals[names.length];
  if (extra === undefined) return;
  const takes = names.length === 0 ? 'takes no arguments' : `takes ${names.map((n) => `[${n}]`).join(' ')}`;
  throw new CliError(`Unexpected argument "${extra}": decorum ${command} ${takes}.`);
}

/** A positive integer option (a port, a timeout), or `fallback` when absent. */
export function integerOption(args: ParsedArgs, name: string, fallback?: number): number | undefined {
  const raw = args.values.get(name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new CliError(`--${name} must be a whole number, got "${raw}".`);
  return value;
}
