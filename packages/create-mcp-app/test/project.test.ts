import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEMPLATES, type TemplateName, type Transport } from '../src/constants.js';
import type { DecorumSource } from '../src/decorum-packages.js';
import { type ProjectOptions, renderProject, ZOD_VERSION } from '../src/project.js';
import { findTemplatesDir, readTemplateManifest } from '../src/templates.js';

const templatesDir = findTemplatesDir();
const registry: DecorumSource = { kind: 'registry', spec: '^0.1.0' };
// Packed @decorum/* packages as npm lays them out (package/package.json in a gzipped tar), with the dependencies
// on each other the real ones have; redis and openapi are packed but no template installs them.
const packs = mkdtempSync(join(tmpdir(), 'decorum-packs-'));
const PACKED: Record<string, string[]> = {
  protocol: [],
  core: ['protocol'],
  testing: ['core', 'protocol'],
  cli: ['core', 'protocol'],
  openapi: ['core', 'protocol'],
  redis: ['protocol'],
};
const local: DecorumSource = { kind: 'local', dir: packs, tarballs: {} };
for (const [name, deps] of Object.entries(PACKED)) {
  const dir = join(packs, name, 'package');
  mkdirSync(dir, { recursive: true });
  const dependencies = Object.fromEntries(deps.map((d) => [`@decorum/${d}`, '0.1.0']));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: `@decorum/${name}`, version: '0.1.0', dependencies }),
  );
  const file = join(packs, `decorum-${name}-0.1.0.tgz`);
  execFileSync('tar', ['-czf', file, '-C', join(packs, name), 'package']);
  (local.tarballs as Record<string, string>)[`@decorum/${name}`] = file;
}
afterAll(() => rmSync(packs, { recursive: true, force: true }));

function render(template: TemplateName, transport: Transport, more: Partial<ProjectOptions> = {}) {
  const files = renderProject(
    {
      name: '@acme/notes',
      template,
      transport,
      packageManager: 'npm',
      targetDir: '/home/me/notes',
      decorum: registry,
      ...more,
    },
    templatesDir,
  );
  return Object.fromEntries(files.map((file) => [file.path, file.content]));
}

const CASES = TEMPLATES.flatMap((template) =>
  readTemplateManifest(templatesDir, template).transports.map((transport) => ({ template, transport })),
);

describe.each(CASES)('the $template template for $transport', ({ template, transport }) => {
  const files = render(template, transport);

  it('has everything a project needs, with no template syntax left', () => {
    for (const path of ['.gitignore', 'README.md', 'package.json', 'tsconfig.json', 'src/app.ts', 'src/server.ts']) {
      expect(files).toHaveProperty([path]);
    }
    expect(Object.keys(files).some((path) => path.startsWith('test/') && path.endsWith('.test.ts'))).toBe(true);
    expect(Object.keys(files).filter((path) => /\.(stdio|http|both)\./.test(path))).toEqual([]);
    for (const [path, content] of Object.entries(files)) {
      expect(content, path).not.toMatch(/\{\{|@if\b|@endif\b/);
    }
  });

  it('names the project and its server', () => {
    const manifest = JSON.parse(files['package.json'] as string);
    expect(manifest.name).toBe('@acme/notes');
    expect(manifest.scripts).toMatchObject({
      dev: 'decorum dev',
      build: 'decorum build',
      start: 'decorum start',
      test: 'vitest run',
    });
    expect(manifest.scripts.inspect).toContain('@modelcontextprotocol/inspector');
    expect(manifest.dependencies['@decorum/core']).toBe('^0.1.0');
    expect(files['src/app.ts']).toContain("name: 'notes'");
    expect(files['README.md']?.startsWith('# @acme/notes\n')).toBe(true);
  });

  it('serves the chosen transport and gives client configurations for it', () => {
    const server = files['src/server.ts'] as string;
    const readme = files['README.md'] as string;
    if (transport !== 'http') {
      expect(server).toContain('{ stdio: true }');
      expect(readme).toContain('/home/me/notes/dist/server.js');
    } else {
      expect(server).not.toContain('stdio');
      expect(readme).not.toContain('"command": "node"');
    }
    if (transport !== 'stdio') expect(readme).toContain('http://127.0.0.1:3000/mcp');
    else expect(readme).not.toContain('http://127.0.0.1:3000/mcp');
    for (const client of ['### Claude Desktop', '### VS Code', '### Cursor']) expect(readme).toContain(client);
  });

  it('gives a development configuration that runs decorum dev over stdio without npm (whose banner goes to stdout)', () => {
    const readme = files['README.md'] as string;
    if (transport === 'http') {
      expect(readme).not.toContain('### While developing');
      return;
    }
    const section = readme.slice(readme.indexOf('### While developing'));
    const config = JSON.parse((/```json\n([\s\S]*?)\n```/.exec(section) as RegExpExecArray)[1] as string);
    expect(config).toEqual({
      mcpServers: {
        'notes-dev': {
          command: 'node',
          args: [
            '/home/me/notes/node_modules/@decorum/cli/dist/bin.js',
            'dev',
            '/home/me/notes/src/server.ts',
            '--stdio',
          ],
        },
      },
    });
    expect(readme).not.toMatch(/"command": "npm"/);
  });
});

describe('renderProject', () => {
  it('gives the http template a Dockerfile and a health check', () => {
    const files = render('http', 'http');
    expect(files.Dockerfile).toContain('CMD ["node", "dist/server.js"]');
    expect(files['src/http-options.ts']).toContain("'/health'");
  });

  it('points @decorum/* at local tarballs, and overrides the ones it installs (dependencies of each other included)', () => {
    const tarball = (name: string) => `file:${packs}/decorum-${name}-0.1.0.tgz`;
    const npm = JSON.parse(render('basic', 'stdio', { decorum: local })['package.json'] as string);
    expect(npm.dependencies['@decorum/core']).toBe(tarball('core'));
    expect(npm.devDependencies['@decorum/cli']).toBe(tarball('cli'));
    // core → protocol is followed through core's own package.json; openapi and redis are not installed, so not listed.
    expect(npm.overrides).toEqual({
      '@decorum/cli': tarball('cli'),
      '@decorum/core': tarball('core'),
      '@decorum/protocol': tarball('protocol'),
      '@decorum/testing': tarball('testing'),
    });
    const pnpm = JSON.parse(
      render('basic', 'stdio', { decorum: local, packageManager: 'pnpm' })['package.json'] as string,
    );
    expect(pnpm.pnpm.overrides['@decorum/core']).toBe(tarball('core'));
    expect(pnpm.pnpm.overrides).not.toHaveProperty('@decorum/openapi');
    const yarn = JSON.parse(
      render('basic', 'stdio', { decorum: local, packageManager: 'yarn' })['package.json'] as string,
    );
    expect(yarn.resolutions['@decorum/testing']).toBe(tarball('testing'));
  });

  it('refuses local packages that lack one the project needs', () => {
    const partial: DecorumSource = { kind: 'local', dir: '/packs', tarballs: { '@decorum/core': '/packs/c.tgz' } };
    expect(() => render('basic', 'stdio', { decorum: partial })).toThrow(
      'The project needs @decorum/cli, which has no tarball in /packs',
    );
  });

  it('speaks the package manager in the README', () => {
    expect(render('full', 'stdio', { packageManager: 'pnpm' })['README.md']).toContain('`pnpm dev`');
    expect(render('full', 'stdio', { packageManager: 'bun' })['README.md']).toContain('`bun run dev`');
  });
});

describe.each(['basic', 'http'] as const)('the %s template with --schema zod', (template) => {
  const transport = readTemplateManifest(templatesDir, template).defaultTransport;

  it('describes greet with a zod schema and depends on zod; the default stays a DTO', () => {
    const zod = render(template, transport, { schema: 'zod' });
    expect(zod['src/greet.tool.ts']).toContain('input: GreetInput');
    expect(zod['src/greet.tool.ts']).toContain("import * as z from 'zod';");
    expect(JSON.parse(zod['package.json'] as string).dependencies.zod).toBe(ZOD_VERSION);
    expect(Object.keys(zod).filter((path) => /\.schema-(dto|zod)\./.test(path))).toEqual([]);
    const dto = render(template, transport);
    expect(dto['src/greet.tool.ts']).toContain('@Args() input: GreetInput');
    expect(JSON.parse(dto['package.json'] as string).dependencies).not.toHaveProperty('zod');
  });
});

describe('schema variants', () => {
  it('a file whose name merely ends in .dto (the full template’s notes.dto.ts) is copied as it is', () => {
    const files = render('full', readTemplateManifest(templatesDir, 'full').defaultTransport);
    expect(files['src/notes.dto.ts']).toContain('SummarizeNoteArgs');
    expect(files).not.toHaveProperty('src/notes.ts');
  });
});
