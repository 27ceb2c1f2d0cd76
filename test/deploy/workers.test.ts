// Issue 41, Cloudflare Workers: the `full` template's app, built with `decorum build --target workers`,
// runs in workerd (Cloudflare's runtime, from npm) and serves both official clients statelessly:
// SDK v1 through the legacy codec's stateless mode, SDK v2 in the 2026-07-28 era.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildForTarget } from './support/build-target.js';
import { checkNotesServer, sdkV1, sdkV2 } from './support/mcp-checks.js';
import { type Served, serveInWorkerd } from './support/runtimes.js';
import { type TemplateProject, templateProject } from './support/template-project.js';

// The template's providers; its skills folder is read from disk, which a Worker has not.
const WORKER_ENTRY = `import 'reflect-metadata';
import { McpApp } from '@decorum/core';
import { providers } from './app.js';

export default new McpApp({ name: 'notes-on-workers', version: '0.1.0', providers });
`;

describe('decorum build --target workers, served by workerd', () => {
  let project: TemplateProject;
  let served: Served;
  let log: string;

  beforeAll(async () => {
    project = templateProject('workers');
    project.write('src/worker.ts', WORKER_ENTRY);
    log = buildForTarget(project.dir, 'src/worker.ts', 'workers');
    served = await serveInWorkerd(join(project.dir, 'dist/worker.workers.js'));
  }, 180_000);
  afterAll(async () => {
    await served?.close();
    project?.remove();
  });

  it('writes one ES module with the metadata and no Node built-in on the request path', () => {
    expect(log).toMatch(/built dist\/worker\.workers\.js for workers in \d+ ms/);
    expect(log).toMatch(/wrote mcp-manifest\.json \(2 tools, 1 resource, 1 template, 1 prompt\)/);
    const bundle = readFileSync(join(project.dir, 'dist/worker.workers.js'), 'utf8');
    expect(bundle).toMatch(/"design:paramtypes"/);
    expect(bundle).not.toMatch(/^import .* from ["']node:/m);
    expect(bundle).toMatch(/export \{\s*\w+ as default\s*\}/);
  });

  it('serves the official SDK v1 client (legacy era, stateless mode)', async () => {
    await checkNotesServer(await sdkV1(served.url));
  });

  it('serves the official SDK v2 client (2026-07-28)', async () => {
    await checkNotesServer(await sdkV2(served.url));
  });
});

describe('decorum build --target workers refuses what a Worker cannot keep or load', () => {
  let project: TemplateProject;
  beforeAll(() => {
    project = templateProject('workers-refusals');
  });
  afterAll(() => project?.remove());

  it('fails the build on a Node built-in imported on the request path, naming the chain', () => {
    project.write(
      'src/disk.ts',
      `import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { McpApp } from '@decorum/core';
import { providers } from './app.js';

export const motd = () => readFileSync('/etc/motd', 'utf8');
export default new McpApp({ name: 'disk', version: '0.1.0', providers });
`,
    );
    expect(() => buildForTarget(project.dir, 'src/disk.ts', 'workers', ['--no-manifest'])).toThrow(
      /The workers target has no Node built-ins, but the app imports one on its request path:\n {2}node:fs: .*disk\.js/,
    );
  });

  it('refuses tasks without a store at startup in workerd, naming the option', async () => {
    project.write(
      'src/tasks.ts',
      `import 'reflect-metadata';
import { McpApp } from '@decorum/core';
import { providers } from './app.js';

// A factory: a Worker builds the app at its first request (tasks draw random ids, not allowed at global scope).
export const createApp = () => new McpApp({ name: 'tasks', version: '0.1.0', providers, tasks: {} });
`,
    );
    buildForTarget(project.dir, 'src/tasks.ts', 'workers', ['--no-manifest']);
    const served = await serveInWorkerd(join(project.dir, 'dist/tasks.workers.js'));
    try {
      // The Worker's module fails to evaluate: no request is served, and the log says why.
      const response = await fetch(served.url, { method: 'POST', body: '{}' });
      expect(response.status).toBe(500);
      await response.body?.cancel();
      await served.logged(/StatelessTargetError: The workers target shares no memory between requests/);
      expect(await served.logged(/tasks are kept/)).toMatch(/`new McpApp\(\{ tasks: \{ store \} \}\)`/);
    } finally {
      await served.close();
    }
  });
});
