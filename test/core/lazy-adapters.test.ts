// No new required dependency (issue 40): core imports no schema library as a value, so an app of DTOs loads none, and
// Ajv is loaded only once a JSON Schema is declared.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT, tsCommand } from '../support/spawn-fixture.js';

const SRC = join(REPO_ROOT, 'packages/core/src');
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );

describe('schema adapters load only when used', () => {
  it('has no value import of zod, valibot, arktype, ajv, @cfworker/json-schema or @standard-schema/spec in core', () => {
    const library =
      /^import (?!type\b)[^;]*from '(zod|valibot|arktype|ajv[^']*|@valibot\/[^']*|@cfworker\/[^']*|@standard-schema\/spec)'/m;
    for (const file of files(SRC)) expect(library.exec(readFileSync(file, 'utf8'))?.[0], file).toBeUndefined();
  });

  it('loads Ajv for the first JSON Schema, not for an app of DTOs', () => {
    const { command, args, cwd } = tsCommand('packages/core/test/fixtures/lazy-adapters.ts');
    const out = execFileSync(command, args, { cwd, encoding: 'utf8' });
    expect(JSON.parse(out.trim().split('\n').at(-1) as string)).toEqual({ afterDtos: false, afterJsonSchema: true });
  }, 60_000);
});
