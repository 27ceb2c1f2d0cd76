// decorum build needs legacy decorators with metadata: SWC (through tsup) emits `design:*` metadata
// only when the project's tsconfig asks for it. Read the options (following relative `extends`)
// so a missing one is an error that names the fix, before anything is built.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { CliError } from '../cli-error.js';

type CompilerOptions = Record<string, unknown>;

/** JSON with comments and trailing commas, as tsconfig files are written. */
function parseJsonc(text: string): Record<string, unknown> {
  const stripped = text
    .replace(/("(?:\\.|[^"\\])*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g, (_m, str: string | undefined) => str ?? '')
    .replace(/,(\s*[}\]])/g, '$1');
  return JSON.parse(stripped);
}

/** The compiler options of `file`, with those of the files it extends underneath. */
export function readCompilerOptions(file: string, seen = new Set<string>()): CompilerOptions {
  if (seen.has(file) || !existsSync(file)) return {};
  seen.add(file);
  const config = parseJsonc(readFileSync(file, 'utf8'));
  const own = (config.compilerOptions ?? {}) as CompilerOptions;
  const bases = ([] as unknown[]).concat(config.extends ?? []).filter((e): e is string => typeof e === 'string');
  const inherited = bases
    .filter((base) => base.startsWith('.'))
    .map((base) => readCompilerOptions(resolve(dirname(file), base.endsWith('.json') ? base : `${base}.json`), seen));
  return Object.assign({}, ...inherited, own);
}

/** Throws a {@link CliError} naming what to add when the decorator options are missing. */
export function checkDecoratorOptions(tsconfig: string): void {
  if (!existsSync(tsconfig)) {
    throw new CliError(
      `No ${tsconfig}. decorum build needs one with "experimentalDecorators": true and "emitDecoratorMetadata": true.`,
    );
  }
  const options = readCompilerOptions(tsconfig);
  const missing = ['experimentalDecorators', 'emitDecoratorMetadata'].filter((name) => options[name] !== true);
  if (missing.length > 0) {
    throw new CliError(
      `${tsconfig} lacks ${missing.map((m) => `"${m}": true`).join(' and ')} in compilerOptions. ` +
        'Decorum reads DTO and parameter types from decorator metadata; add them (and "useDefineForClassFields": false).',
    );
  }
}
