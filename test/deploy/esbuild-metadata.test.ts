// Issue 41: an app bundled the usual way for Workers (plain esbuild, as Wrangler, tsx and most bundlers
// do) loses its decorator metadata. Decorum notices at startup, with a typed error naming the fix,
// instead of serving a tool whose DTO validates nothing or whose injected service is undefined.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../support/spawn-fixture.js';

const FIXTURE = fileURLToPath(new URL('./fixtures/esbuild-app/', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'decorum-esbuild-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Bundles a fixture entry the way Wrangler or tsx would: esbuild, TypeScript stripped, no metadata. */
async function esbuildBundle(entry: string): Promise<string> {
  const outfile = join(out, entry.replace(/\.ts$/, '.mjs'));
  await build({
    entryPoints: [join(FIXTURE, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The repository's packages from their sources, as every test here uses them.
    conditions: ['@decorum/source'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    absWorkingDir: REPO_ROOT,
    logLevel: 'silent',
  });
  return outfile;
}

describe('an app bundled with plain esbuild', () => {
  it('stops at startup when a DTO-typed @Args() parameter has no design:paramtypes', async () => {
    const bundle = await esbuildBundle('dto-server.ts');
    const run = spawnSync(process.execPath, [bundle], { encoding: 'utf8', input: '', timeout: 30_000 });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(
      /DecoratorMetadataError: GreetTool\.greet: the @Args\(\) parameter 0 takes its DTO class from reflection/,
    );
    expect(run.stderr).toMatch(/Build with `decorum build`/);
  });

  it('stops at startup when a @Service() provider is injected by type without design:paramtypes', async () => {
    const bundle = await esbuildBundle('di-server.ts');
    const run = spawnSync(process.execPath, [bundle], { encoding: 'utf8', input: '', timeout: 30_000 });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(
      /DecoratorMetadataError: GreetTool's constructor: its parameters are injected by their types/,
    );
    expect(run.stderr).toMatch(/emitDecoratorMetadata/);
  });

  it('serves when the same sources keep their metadata (the test runner compiles them with it)', async () => {
    // Control: the fixture itself, run through Node with the repository's TypeScript loader (metadata emitted).
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [
        '--conditions=@decorum/source',
        '--import',
        join(REPO_ROOT, 'packages/cli/loader/register.mjs'),
        join(FIXTURE, 'di-server.ts'),
      ],
      stderr: 'pipe',
    });
    const client = new Client({ name: 'esbuild-control', version: '1.0.0' });
    await client.connect(transport);
    try {
      const ok = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
      expect(ok.content).toEqual([{ type: 'text', text: 'Hello, Ada!' }]);
      const bad = await client.callTool({ name: 'greet', arguments: { name: '' } });
      expect(bad.isError).toBe(true);
      expect(JSON.stringify(bad.content)).toMatch(/name must be longer than or equal to 1 characters/);
    } finally {
      await client.close();
    }
  });
});
