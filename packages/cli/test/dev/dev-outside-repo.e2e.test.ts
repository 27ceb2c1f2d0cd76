// An app in a folder outside the repository, with no node_modules: `decorum dev` resolves @decorum/*
// (and @decorum/core's peers) from the CLI's own install, so the app runs without a symlink.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN_ARGS, runCli } from '../support/work-project.js';

describe('an app outside the repository, without node_modules', () => {
  const dir = mkdtempSync(join(tmpdir(), 'decorum-outside-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'scratch', version: '0.0.1', type: 'module' }));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { experimentalDecorators: true, emitDecoratorMetadata: true } }),
  );
  writeFileSync(
    join(dir, 'src/server.ts'),
    [
      "import 'reflect-metadata';",
      "import { Args, McpApp, Tool } from '@decorum/core';",
      "import { IsString } from 'class-validator';",
      'class EchoInput {',
      '  @IsString() text!: string;',
      '}',
      'class Echo {',
      "  @Tool({ name: 'echo', description: 'Echoes' })",
      '  echo(@Args() input: EchoInput) {',
      '    return input.text;',
      '  }',
      '}',
      "await new McpApp({ name: 'scratch', version: '0.0.1', providers: [Echo] }).listen({ stdio: true });",
      '',
    ].join('\n'),
  );

  it('decorum dev serves it, validation (decorator metadata) included', async () => {
    expect(dir.startsWith('/work/main')).toBe(false);
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...BIN_ARGS, 'dev', '--stdio'],
      cwd: dir,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const client = new Client({ name: 'outside', version: '1.0.0' });
    try {
      await client.connect(transport);
      expect((await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).content).toEqual([
        { type: 'text', text: 'hi' },
      ]);
      expect((await client.callTool({ name: 'echo', arguments: { text: 5 } })).isError).toBe(true);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${stderr}`);
    } finally {
      await client.close();
    }
  }, 60_000);

  it('decorum list runs it too', () => {
    const result = runCli(dir, ['list']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe('Tools (1)\n  echo(text: string) — Echoes\n');
  }, 60_000);
});
