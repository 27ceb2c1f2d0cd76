// `create-mcp-app --deploy workers`: the scaffold's own build:workers script builds the basic template's
// src/server.ts, and workerd (Cloudflare's runtime, from npm) runs it with the compatibility date and flags
// the scaffold's wrangler.toml gives: `nodejs_compat` gives the entry its `process.env`, so ALLOWED_HOSTS,
// set as a Worker var, decides which Host names the server answers.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LineWaiter } from '../../packages/cli/test/support/work-project.js';
import { runProjectScript } from '../deploy/support/project-scripts.js';
import { type TemplateProject, templateProject } from '../deploy/support/template-project.js';

const HOST = 'notes.example.workers.dev';

describe('create-mcp-app --deploy workers, run as wrangler.toml says', () => {
  let project: TemplateProject;
  let workerd: ChildProcess;
  let url: string;

  beforeAll(async () => {
    project = templateProject('workers-scaffold', 'workers', 'basic');
    runProjectScript(project.dir, 'build:workers');
    const toml = readFileSync(join(project.dir, 'wrangler.toml'), 'utf8');
    const main = (/^main = "dist\/(.+)"$/m.exec(toml) as RegExpExecArray)[1] as string;
    const date = (/^compatibility_date = "(.+)"$/m.exec(toml) as RegExpExecArray)[1] as string;
    const flags = (/^compatibility_flags = (\[.*\])$/m.exec(toml) as RegExpExecArray)[1] as string;
    writeFileSync(
      join(project.dir, 'dist/workerd.capnp'),
      [
        'using Workerd = import "/workerd/workerd.capnp";',
        'const config :Workerd.Config = (',
        '  services = [ (name = "main", worker = .worker) ],',
        '  sockets = [ (name = "http", address = "127.0.0.1:0", http = (), service = "main") ],',
        ');',
        'const worker :Workerd.Worker = (',
        `  modules = [ (name = "worker.js", esModule = embed ${JSON.stringify(main)}) ],`,
        `  compatibilityDate = ${JSON.stringify(date)},`,
        `  compatibilityFlags = ${flags},`,
        `  bindings = [ (name = "ALLOWED_HOSTS", text = ${JSON.stringify(HOST)}) ],`,
        ');',
        '',
      ].join('\n'),
    );
    const binary = createRequire(import.meta.url)('workerd').default as string;
    workerd = spawn(binary, ['serve', 'workerd.capnp', '--control-fd=3'], {
      cwd: join(project.dir, 'dist'),
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    const control = new LineWaiter(workerd.stdio[3] as NodeJS.ReadableStream);
    const { port } = JSON.parse(await control.next(/"event":"listen"/)) as { port: number };
    url = `http://127.0.0.1:${port}/mcp`;
  }, 180_000);
  afterAll(async () => {
    if (workerd && workerd.exitCode === null) {
      const exited = new Promise((resolve) => workerd.once('exit', resolve));
      workerd.kill('SIGTERM');
      await exited;
    }
    project?.remove();
  });

  /** A stateless 2025-06-18 tools/call of greet, sent with `host` as the Host header (fetch cannot set it). */
  function greet(host: string, name: string) {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'greet', arguments: { name } },
    });
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = request(
        url,
        {
          method: 'POST',
          headers: {
            host,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-protocol-version': '2025-06-18',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode as number, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('answers the Host ALLOWED_HOSTS names, with the DTO validation message for a bad argument', async () => {
    const bad = await greet(HOST, '');
    expect(bad.status).toBe(200);
    expect(bad.text).toContain('name must be longer than or equal to 1 characters');
    const good = await greet(HOST, 'Ada');
    expect(good.text).toContain('Hello, Ada!');
  });

  it('refuses any other Host (DNS-rebinding protection)', async () => {
    const other = await greet('evil.example', 'Ada');
    expect(other.status).toBe(403);
    expect(other.text).toContain('Forbidden: Host \\"evil.example\\" is not allowed');
  });
});
