// Issue 41, Bun: the `full` template scaffolded with `--deploy bun`, built by its own `build:bun` script
// (`decorum build --target bun`), runs in Bun (from npm) with `Bun.serve` and serves both official
// clients. One process serves every request, so sessions work as under Node, and the template's skills
// folder is read from disk.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkNotesServer, sdkV1, sdkV2 } from './support/mcp-checks.js';
import { runProjectScript } from './support/project-scripts.js';
import type { Served } from './support/runtimes.js';
import { serveInBun } from './support/runtimes-bun-next-lambda.js';
import { type TemplateProject, templateProject } from './support/template-project.js';

describe('decorum build --target bun, served by Bun', () => {
  let project: TemplateProject;
  let served: Served;
  let log: string;

  beforeAll(async () => {
    project = templateProject('bun', 'bun');
    log = runProjectScript(project.dir, 'build:bun');
    served = await serveInBun(join(project.dir, 'dist/server.bun.js'));
  }, 180_000);
  afterAll(async () => {
    await served?.close();
    project?.remove();
  });

  it('writes one ES module that calls Bun.serve, with the metadata', () => {
    expect(log).toMatch(/built dist\/server\.bun\.js for bun in \d+ ms/);
    expect(log).toMatch(/run it: bun dist\/server\.bun\.js/);
    const bundle = readFileSync(join(project.dir, 'dist/server.bun.js'), 'utf8');
    expect(bundle).toMatch(/"design:paramtypes"/);
    expect(bundle).toMatch(/serveBun\(Bun, /);
  });

  it('serves the official SDK v1 client (legacy era, with a session)', async () => {
    await checkNotesServer(await sdkV1(served.url));
  });

  it('serves the official SDK v2 client (2026-07-28)', async () => {
    await checkNotesServer(await sdkV2(served.url));
  });
});
