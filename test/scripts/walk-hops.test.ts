// The hop count of scripts/walk-count (`hops`, `--path`) follows a request's call path back from a point through the
// promises and callbacks it went through, and counts the files on it, not every file that ran. Checked on a small
// chain of modules laid out as a package's sources: a socket module schedules the route on a promise, the route
// calls a leaf helper and answers the tool's value from a later turn (setImmediate), and a reply module writes it
// from a promise reaction. The leaf ran during the request, but is on neither path.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'walk-hops-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const modules: Record<string, string> = {
  'socket.mjs': 'export const arrive = (next) => Promise.resolve().then(() => next());',
  'leaf.mjs': 'export const leaf = () => 1;',
  'route.mjs': [
    "import { leaf } from './leaf.mjs';",
    'export function route(tool) {',
    '  leaf();',
    '  return new Promise((resolve) => setImmediate(() => resolve(tool())));',
    '}',
  ].join('\n'),
  'reply.mjs': 'export const reply = (value, write) => Promise.resolve(value).then(write);',
};

/** Runs the chain under a HopTracer; marks where `point` says ('tool', 'write' or both). */
function hops(points: string[]): string[] {
  const src = join(dir, 'packages', 'demo', 'src');
  mkdirSync(src, { recursive: true });
  for (const [name, text] of Object.entries(modules)) writeFileSync(join(src, name), `${text}\n`);
  const hopsModule = pathToFileURL(join(ROOT, 'scripts/walk-count/hops.ts')).href;
  const at = (name: string) => JSON.stringify(pathToFileURL(join(src, name)).href);
  const main = [
    `import { HopTracer } from ${JSON.stringify(hopsModule)};`,
    `import { arrive } from ${at('socket.mjs')};`,
    `import { route } from ${at('route.mjs')};`,
    `import { reply } from ${at('reply.mjs')};`,
    `const tracer = new HopTracer(${JSON.stringify(dir)});`,
    `const points = new Set(${JSON.stringify(points)});`,
    'tracer.start();',
    "const value = await arrive(() => route(() => { if (points.has('tool')) tracer.mark(); return 'v'; }));",
    "await reply(value, () => { if (points.has('write')) tracer.mark(); });",
    'tracer.stop();',
    'console.log(JSON.stringify([...tracer.hops.keys()]));',
  ].join('\n');
  writeFileSync(join(dir, 'main.mjs'), main);
  const run = spawnSync(process.execPath, ['--import', '@decorum/cli/register', join(dir, 'main.mjs')], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim().split('\n').at(-1) as string) as string[];
}

describe('HopTracer (the hops of scripts/walk-count)', () => {
  it('at the tool, counts the files that scheduled it, through a promise and a later turn', () => {
    expect(hops(['tool'])).toEqual(['packages/demo/src/route.mjs', 'packages/demo/src/socket.mjs']);
  }, 30_000);

  it('at the write, follows what resolved the value back to the tool; a leaf helper that ran is no hop', () => {
    expect(hops(['tool', 'write'])).toEqual([
      'packages/demo/src/reply.mjs',
      'packages/demo/src/route.mjs',
      'packages/demo/src/socket.mjs',
    ]);
    expect(hops(['write'])).toEqual(hops(['tool', 'write']));
  }, 30_000);
});
