// The script form of a bundle: what the rewrite changes (and what it must not), and the loader run by a
// real Node process: top-level await, strict mode, import.meta, dynamic import, exports, and the code
// cache (written on exit, used, refused when stale or corrupt) with dynamic import still working after it.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CACHE_OUT_ENV,
  CACHE_REPORT_ENV,
  EXPORTS_SINK,
  exportNames,
  loaderSource,
  scriptBody,
  scriptFile,
} from '../../src/build/script-bundle.js';

describe('scriptBody', () => {
  it('rewrites import() and import.meta in place, keeping every offset, and leaves strings alone', async () => {
    const esm = 'const m = await import("node:os");\nconst u = import.meta.url;\nconst s = "import(x) import.meta";\n';
    const form = await scriptBody(esm);
    expect(form).toEqual({
      body: 'const m = await $mport("node:os");\nconst u = $mport_meta.url;\nconst s = "import(x) import.meta";\n',
    });
    expect((form as { body: string }).body.length).toBe(esm.length);
  });

  it('refuses a bundle with a static import or an export statement', async () => {
    expect(await scriptBody('import { x } from "pkg";\nx();\n')).toEqual({ reason: 'it imports pkg statically' });
    expect(await scriptBody('const a = 1;\nexport { a };\n')).toEqual({
      reason: 'the bundle still has export statements',
    });
  });
});

describe('exportNames', () => {
  it('lists the exports of an entry, default included; export * cannot be listed', async () => {
    expect(await exportNames('export const a = 1;\nexport default 2;\nconst b = 3;\nexport { b as "b-c" };\n')).toEqual(
      ['a', 'default', 'b-c'],
    );
    expect(await exportNames('export * from "./other.js";\n')).toBeUndefined();
  });
});

describe('the loader', () => {
  const dir = join(tmpdir(), `decorum-script-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const esm = [
    'const os = await import("node:os");',
    'const helper = await import("./helper.mjs");',
    'const { join } = require("node:path");',
    'function named() { return "named"; }',
    'const strict = (function () { return this === undefined; })();',
    `${EXPORTS_SINK}({ named, default: "the default", "odd-name": 7, report: [typeof os.cpus, helper.value, join("a", "b"), import.meta.url, strict] });`,
    '',
  ].join('\n');

  async function writeApp() {
    const form = await scriptBody(esm);
    if (!('body' in form)) throw new Error(form.reason);
    writeFileSync(join(dir, 'app.bundle.cjs'), scriptFile(form.body));
    writeFileSync(join(dir, 'helper.mjs'), 'export const value = "helper";\n');
    writeFileSync(
      join(dir, 'app.mjs'),
      loaderSource({
        body: 'app.bundle.cjs',
        cache: 'app.bundle.cache',
        exports: ['named', 'default', 'odd-name', 'report'],
      }),
    );
    writeFileSync(
      join(dir, 'main.mjs'),
      'import * as app from "./app.mjs";\nconsole.log(JSON.stringify({ named: app.named(), default: app.default, odd: app["odd-name"], report: app.report }));\n',
    );
  }

  function run(env: Record<string, string> = {}, nodeArgs: string[] = []) {
    const result = spawnSync(process.execPath, [...nodeArgs, join(dir, 'main.mjs')], {
      encoding: 'utf8',
      env: { ...process.env, [CACHE_REPORT_ENV]: '1', ...env },
      timeout: 30_000,
    });
    expect(result.status, result.stderr).toBe(0);
    return { out: JSON.parse(result.stdout), cache: /code cache (\w+)/.exec(result.stderr)?.[1] };
  }

  it('runs the body as the module it was: awaits, strict, its imports, the import.meta of the loader, its exports', async () => {
    await writeApp();
    const { out, cache } = run();
    expect(cache).toBe('absent');
    expect(out).toEqual({
      named: 'named',
      default: 'the default',
      odd: 7,
      report: ['function', 'helper', join('a', 'b'), `file://${join(dir, 'app.mjs')}`, true],
    });
  });

  it('writes the code cache on exit when asked, then starts from it, dynamic import included', async () => {
    const cacheFile = join(dir, 'app.bundle.cache');
    const first = run({ [CACHE_OUT_ENV]: cacheFile });
    const second = run();
    expect(second.cache).toBe('used');
    expect(second.out).toEqual(first.out);
  });

  it('ignores a cache made for other code of the same length, and one V8 refuses', async () => {
    const cacheFile = join(dir, 'app.bundle.cache');
    const body = join(dir, 'app.bundle.cjs');
    const original = readFileSync(body, 'utf8');
    writeFileSync(body, original.replace('"named"', '"NAMED"'));
    const stale = run();
    expect(stale.cache).toBe('stale');
    expect(stale.out.named).toBe('NAMED');
    writeFileSync(body, original);
    const cache = readFileSync(cacheFile);
    cache.fill(0, 40, 80); // past the digest: V8's own header
    writeFileSync(cacheFile, cache);
    const refused = run();
    expect(refused.cache).toBe('rejected');
    expect(refused.out.named).toBe('named');
  });

  it('with --enable-source-maps, loads the body through Node so stack traces map to the sources', async () => {
    const src = join(dir, 'thrower.ts');
    writeFileSync(
      src,
      [
        'export function where(): string {',
        '  const error: Error = new Error("here");',
        '  return error.stack ?? "";',
        '}',
        '',
      ].join('\n'),
    );
    const built = await build({
      stdin: {
        contents: `import { where } from "./thrower.ts";\n${EXPORTS_SINK}({ where });\n`,
        resolveDir: dir,
        loader: 'ts',
      },
      bundle: true,
      format: 'esm',
      platform: 'node',
      sourcemap: true,
      outfile: join(dir, 'mapped.bundle.cjs'),
      write: false,
    });
    const [map, code] = built.outputFiles.sort((a, b) => (a.path.endsWith('.map') ? -1 : 1));
    const form = await scriptBody((code as { text: string }).text);
    if (!('body' in form)) throw new Error(form.reason);
    writeFileSync(join(dir, 'mapped.bundle.cjs'), scriptFile(form.body));
    writeFileSync(join(dir, 'mapped.bundle.cjs.map'), (map as { text: string }).text);
    writeFileSync(
      join(dir, 'mapped.mjs'),
      loaderSource({ body: 'mapped.bundle.cjs', cache: 'mapped.cache', exports: ['where'] }),
    );
    writeFileSync(join(dir, 'where.mjs'), 'import { where } from "./mapped.mjs";\nconsole.log(where());\n');
    const traced = (args: string[]) =>
      spawnSync(process.execPath, [...args, join(dir, 'where.mjs')], {
        encoding: 'utf8',
        env: { ...process.env, [CACHE_REPORT_ENV]: '1' },
        timeout: 30_000,
      });
    const mapped = traced(['--enable-source-maps']);
    expect(mapped.stderr).toMatch(/code cache off/);
    expect(mapped.stdout).toMatch(/thrower\.ts:2:\d+/);
    expect(traced([]).stdout).toMatch(/mapped\.bundle\.cjs:\d+:\d+/);
  });
});
