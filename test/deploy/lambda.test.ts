// Issue 41, AWS Lambda: the `full` template scaffolded with `--deploy lambda`, built by its own
// `build:lambda` script (`decorum build --target lambda`), runs under lambda-local (from npm) behind a
// loopback stand-in for a function URL, with the handler its SAM template names. Both official clients
// are served statelessly: with response streaming (`handler`, through lambda-local's
// awslambda.streamifyResponse) and buffered (`bufferedHandler`).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildForTarget } from './support/build-target.js';
import { checkNotesServer, sdkV1, sdkV2 } from './support/mcp-checks.js';
import { runProjectScript } from './support/project-scripts.js';
import { type Served, serveInLambdaLocal } from './support/runtimes-bun-next-lambda.js';
import { type TemplateProject, templateProject } from './support/template-project.js';

interface SamFunction {
  Properties: { CodeUri: string; Handler: string; FunctionUrlConfig: { InvokeMode: string } };
}

/** CloudFormation's short forms the template uses, read as their long forms. */
const CLOUDFORMATION_TAGS = ['Ref', 'Sub'].map((name) => ({
  tag: `!${name}`,
  resolve: (value: string) => ({ [name === 'Ref' ? 'Ref' : `Fn::${name}`]: value }),
}));

describe('decorum build --target lambda, run by lambda-local', () => {
  let project: TemplateProject;
  let streaming: Served;
  let buffered: Served;
  let log: string;
  let bundle: string;
  let handler: string;

  beforeAll(async () => {
    project = templateProject('lambda', 'lambda');
    log = runProjectScript(project.dir, 'build:lambda');
    // Where the SAM template says the code and its handler are: what `sam deploy` would upload and run.
    const sam = parse(readFileSync(join(project.dir, 'template.yaml'), 'utf8'), {
      customTags: CLOUDFORMATION_TAGS,
    }) as {
      Resources: Record<string, SamFunction>;
    };
    const fn = sam.Resources.McpFunction as SamFunction;
    expect(fn.Properties.FunctionUrlConfig.InvokeMode).toBe('RESPONSE_STREAM');
    const [module, name] = fn.Properties.Handler.split(/\.(?=[^.]+$)/) as [string, string];
    bundle = join(project.dir, fn.Properties.CodeUri, `${module}.mjs`);
    handler = name;
    [streaming, buffered] = await Promise.all([
      serveInLambdaLocal(bundle, handler, '/mcp'),
      serveInLambdaLocal(bundle, 'bufferedHandler', '/mcp'),
    ]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([streaming?.close(), buffered?.close()]);
    project?.remove();
  });

  it('writes one ES module (.mjs) exporting the handlers the SAM template names, with the metadata', () => {
    expect(log).toMatch(/built dist\/server\.lambda\.mjs for lambda in \d+ ms/);
    expect(log).toMatch(/handler server\.lambda\.handler/);
    expect(handler).toBe('handler');
    const code = readFileSync(bundle, 'utf8');
    expect(code).toMatch(/"design:paramtypes"/);
    expect(code).toMatch(/lambdaHandlers\(fetch, globalThis\.awslambda\)/);
  });

  it('streams to the official SDK v1 client (legacy era, stateless mode)', async () => {
    await checkNotesServer(await sdkV1(streaming.url));
  });

  it('streams to the official SDK v2 client (2026-07-28)', async () => {
    await checkNotesServer(await sdkV2(streaming.url));
  });

  it('answers both clients buffered too (InvokeMode BUFFERED)', async () => {
    await checkNotesServer(await sdkV1(buffered.url));
    await checkNotesServer(await sdkV2(buffered.url));
  });

  it('streams through awslambda.streamifyResponse where the runtime has it, and buffers with bufferedHandler', async () => {
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
    };
    for (const [served, how] of [
      [streaming, 'stream'],
      [buffered, 'buffered'],
    ] as const) {
      const response = await fetch(served.url, { method: 'POST', headers, body: JSON.stringify(ping) });
      expect(response.headers.get('x-lambda-response')).toBe(how);
      expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    }
  });

  it('refuses tasks without a store at startup, naming the option', async () => {
    project.write(
      'src/tasks.ts',
      `import 'reflect-metadata';
import { McpApp } from '@decorum/core';
import { providers } from './app.js';

export const createApp = () => new McpApp({ name: 'tasks', version: '0.1.0', providers, tasks: {} });
`,
    );
    buildForTarget(project.dir, 'src/tasks.ts', 'lambda', ['--no-manifest']);
    const served = await serveInLambdaLocal(join(project.dir, 'dist/tasks.lambda.mjs'), 'handler', '/mcp');
    try {
      // The module fails to load: no request is served, and the function's log says why.
      const response = await fetch(served.url, { method: 'POST', body: '{}' });
      expect(response.status).toBe(502);
      await response.body?.cancel();
      await served.logged(/StatelessTargetError: The lambda target shares no memory between requests/);
      expect(await served.logged(/tasks are kept/)).toMatch(/`new McpApp\(\{ tasks: \{ store \} \}\)`/);
    } finally {
      await served.close();
    }
  }, 120_000);

  it('keeps no session: a GET for a server stream is refused as the stateless mode does', async () => {
    const response = await fetch(streaming.url, { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(405);
  });
});
