// The handler's first parameter is type-checked against its schema's output type (issue 40): `tsc --noEmit` on a
// fixture whose handler disagrees with its zod / valibot / arktype schema must fail, on each of those handlers, and
// the same fixture with matching handlers must compile.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/spawn-fixture.js';

// Inside the repository (so `@decorum/core` and the schema libraries resolve through node_modules), outside every
// tsconfig project: the mismatching file must not break `tsc -b`.
const work = join(REPO_ROOT, '.cache/schema-typing');

const header = `import 'reflect-metadata';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import * as z from 'zod';
import { type Context, Ctx, Prompt, ResourceTemplate, Tool } from '@decorum/core';

const city = z.object({ city: z.string(), days: z.number().optional() });
const town = toStandardJsonSchema(v.object({ town: v.string() }));
const place = type({ place: 'string' });
const slug = z.object({ slug: z.string() });
`;

const matching = `${header}
export class Good {
  @Tool({ description: 'zod', input: city })
  zod(args: { city: string; days?: number }, @Ctx() _ctx: Context) { return args.city; }

  @Tool({ description: 'valibot', input: town })
  valibot({ town }: { town: string }) { return town; }

  @Tool({ description: 'arktype', input: place })
  arktype({ place }: { place: string }) { return place; }

  @Prompt({ description: 'prompt', input: slug })
  prompt({ slug }: { slug: string }) { return slug; }

  @ResourceTemplate('notes://{slug}', { variables: slug })
  note({ slug }: { slug: string }) { return slug; }

  @Tool({ description: 'no parameter', input: city })
  none() { return 'ok'; }
}
`;

const mismatching = `${header}
export class Bad {
  @Tool({ description: 'zod', input: city })
  zod(args: { city: number }) { return args.city; }

  @Tool({ description: 'valibot', input: town })
  valibot({ town }: { town: boolean }) { return town; }

  @Tool({ description: 'arktype', input: place })
  arktype({ place }: { place: string; extra: string }) { return place; }

  @Prompt({ description: 'prompt', input: slug })
  prompt({ slug }: { slug: number }) { return slug; }

  @ResourceTemplate('notes://{slug}', { variables: slug })
  note({ slug }: { slug: string[] }) { return slug; }
}
`;

function typecheck(file: string, code: string): string[] {
  mkdirSync(work, { recursive: true });
  writeFileSync(join(work, file), code);
  const tsconfig = {
    extends: '../../tsconfig.base.json',
    compilerOptions: {
      noEmit: true,
      composite: false,
      declaration: false,
      declarationMap: false,
      emitDeclarationOnly: false,
      rootDir: '.',
    },
    include: [file],
  };
  writeFileSync(join(work, 'tsconfig.json'), JSON.stringify(tsconfig));
  const tsc = spawnSync(process.execPath, [join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-p', work], {
    cwd: work,
    encoding: 'utf8',
  });
  expect(tsc.stdout, 'tsc ran').not.toMatch(/TS5\d{3}/);
  // Only the fixture's own errors: the packages' sources are type-checked by `tsc -b`.
  return `${tsc.stdout}${tsc.stderr}`.split('\n').filter((line) => line.startsWith(file));
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('schema-typed handlers', () => {
  it('compiles handlers whose first parameter takes what the schema validates to', () => {
    expect(typecheck('matching.ts', matching)).toEqual([]);
  }, 120_000);

  it('refuses each handler whose first parameter does not match its schema', () => {
    const errors = typecheck('mismatching.ts', mismatching);
    const lines = new Set(errors.map((line) => Number(/^mismatching\.ts\((\d+),/.exec(line)?.[1])));
    const decorated = mismatching
      .split('\n')
      .flatMap((line, i) => (/^ {2}@(Tool|Prompt|ResourceTemplate)\(/.test(line) ? [i + 1] : []));
    expect(decorated).toHaveLength(5);
    expect(
      [...lines].sort((a, b) => a - b),
      errors.join('\n'),
    ).toEqual(decorated);
  }, 120_000);
});
