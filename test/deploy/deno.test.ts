// Issue 41, Deno: the `full` template's app module, built with `decorum build --target deno`, runs in
// Deno 2 (from npm) with `Deno.serve` and serves both official clients. One process serves every
// request, so sessions work as under Node, and the template's skills folder is read from disk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildForTarget } from './support/build-target.js';
import { checkNotesServer, sdkV1, sdkV2 } from './support/mcp-checks.js';
import { type Served, serveInDeno } from './support/runtimes.js';
import { type TemplateProject, templateProject } from './support/template-project.js';

describe('decorum build --target deno, served by Deno', () => {
  let project: TemplateProject;
  let served: Served;
  let log: string;

  beforeAll(async () => {
    project = templateProject('deno');
    // src/app.ts exports createApp(): the target's entry calls it and serves the app with Deno.serve.
    log = buildForTarget(project.dir, 'src/app.ts', 'deno');
    served = await serveInDeno(join(project.dir, 'dist/app.deno.js'), ['--allow-net', '--allow-env', '--allow-read']);
  }, 180_000);
  afterAll(async () => {
    await served?.close();
    project?.remove();
  });

  it('writes one ES module that calls Deno.serve, with the metadata', () => {
    expect(log).toMatch(/built dist\/app\.deno\.js for deno in \d+ ms/);
    expect(log).toMatch(/run it: deno run --allow-net --allow-env --allow-read dist\/app\.deno\.js/);
    const bundle = readFileSync(join(project.dir, 'dist/app.deno.js'), 'utf8');
    expect(bundle).toMatch(/"design:paramtypes"/);
    expect(bundle).toMatch(/Deno\.serve\(/);
  });

  it('serves the official SDK v1 client (legacy era, with a session)', async () => {
    await checkNotesServer(await sdkV1(served.url));
  });

  it('serves the official SDK v2 client (2026-07-28)', async () => {
    await checkNotesServer(await sdkV2(served.url));
  });
});
