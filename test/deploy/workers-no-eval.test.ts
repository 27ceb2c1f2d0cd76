// Cloudflare Workers forbid generating code from strings, which Ajv needs to compile a plain JSON Schema input.
// The startup error says so and names the inputs that work, instead of "fix the schema". Node's
// --disallow-code-generation-from-strings is the same restriction (docs/deploy.md).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/spawn-fixture.js';

const SERVER = fileURLToPath(new URL('./fixtures/workers-no-eval/server.ts', import.meta.url));

describe('a JSON Schema input where code generation is forbidden', () => {
  it('stops at startup naming the runtime restriction and the inputs that work', () => {
    const run = spawnSync(
      process.execPath,
      [
        '--disallow-code-generation-from-strings',
        '--conditions=@decorum/source',
        '--import',
        join(REPO_ROOT, 'packages/cli/loader/register.mjs'),
        SERVER,
      ],
      { encoding: 'utf8', input: '', timeout: 30_000 },
    );
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(
      /SchemaSourceError: Contacts\.save input: Ajv cannot compile the JSON Schema \(Code generation from strings disallowed for this context\)\. This runtime forbids generating code from strings, which Ajv needs: describe the input with a DTO class, zod, valibot or arktype/,
    );
  });
});
