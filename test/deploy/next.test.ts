// Issue 41, Vercel / Next.js: the `full` template scaffolded with `--deploy vercel`, built by its own
// `build:vercel` script (`decorum build --target vercel`, then `next build` of the scaffold's
// app/api/mcp/route.ts), runs under `next start` and serves both official clients at /api/mcp,
// statelessly (serverless instances share nothing). next build is slow: it runs once for the file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkNotesServer, sdkV1, sdkV2 } from './support/mcp-checks.js';
import { runProjectScript } from './support/project-scripts.js';
import type { Served } from './support/runtimes.js';
import { serveWithNext } from './support/runtimes-bun-next-lambda.js';
import { type TemplateProject, templateProject } from './support/template-project.js';

describe('decorum build --target vercel, served by next start', () => {
  let project: TemplateProject;
  let served: Served;
  let log: string;
  let tsconfig: string;

  beforeAll(async () => {
    project = templateProject('next', 'vercel');
    tsconfig = readFileSync(join(project.dir, 'tsconfig.json'), 'utf8');
    log = runProjectScript(project.dir, 'build:vercel', 400_000);
    served = await serveWithNext(project.dir, '/api/mcp');
  }, 600_000);
  afterAll(async () => {
    await served?.close();
    project?.remove();
  });

  it('builds the route module with the metadata, then the Next.js app around it', () => {
    expect(log).toMatch(/built dist\/server\.vercel\.js for vercel in \d+ ms/);
    const bundle = readFileSync(join(project.dir, 'dist/server.vercel.js'), 'utf8');
    expect(bundle).toMatch(/"design:paramtypes"/);
    expect(bundle).toMatch(/routeHandlers\(fetch\)/);
    expect(log).toMatch(/ƒ \/api\/mcp/); // a dynamic route: every request reaches the server
    // Next's TypeScript setup went to tsconfig.next.json: the server's own tsconfig is as it was.
    expect(readFileSync(join(project.dir, 'tsconfig.json'), 'utf8')).toBe(tsconfig);
  });

  it('serves the official SDK v1 client (legacy era, stateless mode)', async () => {
    await checkNotesServer(await sdkV1(served.url));
  });

  it('serves the official SDK v2 client (2026-07-28)', async () => {
    await checkNotesServer(await sdkV2(served.url));
  });

  it('keeps no session: a GET for a server stream is refused as the stateless mode does', async () => {
    const response = await fetch(served.url, { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(405);
  });
});
