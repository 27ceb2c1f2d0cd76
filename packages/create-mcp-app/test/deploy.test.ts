// `create-mcp-app --deploy <target>`: each platform's configuration file and package.json scripts, the choice
// on the command line and at the prompt, and the combinations refused with a reason.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { parseArgs } from '../src/args.js';
import { run } from '../src/cli.js';
import { DEPLOY_TARGETS, type DeployTarget } from '../src/constants.js';
import { NEXT_VERSIONS } from '../src/deploy.js';
import { renderProject } from '../src/project.js';
import { findTemplatesDir } from '../src/templates.js';

function render(deploy: DeployTarget, template: 'basic' | 'http' | 'full' = 'basic') {
  const files = renderProject(
    {
      name: 'notes',
      template,
      transport: 'http',
      deploy,
      packageManager: 'npm',
      targetDir: '/home/me/notes',
      decorum: { kind: 'registry', spec: '^0.1.0' },
    },
    findTemplatesDir(),
  );
  return Object.fromEntries(files.map((file) => [file.path, file.content]));
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function cli(argv: string[]) {
  const cwd = mkdtempSync(join(tmpdir(), 'cma-deploy-'));
  dirs.push(cwd);
  let stdout = '';
  let stderr = '';
  const code = await run(argv, {
    stdin: new PassThrough(),
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env: {},
    cwd,
    signal: new AbortController().signal,
  });
  return { code, stdout, stderr, cwd };
}

describe('create-mcp-app --deploy', () => {
  it('reads the target, and refuses one it does not know', () => {
    expect(parseArgs(['x', '--deploy', 'lambda']).deploy).toBe('lambda');
    expect(parseArgs(['x', '--deploy=bun']).deploy).toBe('bun');
    expect(() => parseArgs(['--deploy', 'heroku'])).toThrow(
      '--deploy must be one of node, workers, deno, bun, vercel, lambda (got "heroku")',
    );
  });

  it('leaves a node project as it was: no platform file, no extra script', () => {
    const node = render('node');
    const plain = renderProject(
      {
        name: 'notes',
        template: 'basic',
        transport: 'http',
        packageManager: 'npm',
        targetDir: '/home/me/notes',
        decorum: { kind: 'registry', spec: '^0.1.0' },
      },
      findTemplatesDir(),
    );
    expect(node).toEqual(Object.fromEntries(plain.map((file) => [file.path, file.content])));
    expect(node['README.md']).not.toContain('## Deploy');
  });

  it.each(DEPLOY_TARGETS.filter((t) => t !== 'node'))(
    '%s: a build script with decorum build --target, and the README says how to deploy',
    (target) => {
      const files = render(target);
      const manifest = JSON.parse(files['package.json'] as string);
      expect(manifest.scripts[`build:${target}`]).toMatch(new RegExp(`^decorum build --target ${target}\\b`));
      // The node scripts stay: tests, dev and the Node build go on working.
      expect(manifest.scripts).toMatchObject({ dev: 'decorum dev', build: 'decorum build', test: 'vitest run' });
      expect(files['README.md']).toContain('## Deploy');
      expect(files['README.md']).toContain(`npm run build:${target}`);
      for (const [path, content] of Object.entries(files)) expect(content, path).not.toMatch(/\{\{|@if\b|@endif\b/);
    },
  );

  it('workers: wrangler.toml runs the build, then serves the built bundle as it is', () => {
    const files = render('workers');
    expect(files['wrangler.toml']).toContain('name = "notes"');
    expect(files['wrangler.toml']).toContain('main = "dist/server.workers.js"');
    expect(files['wrangler.toml']).toContain('command = "npm run build:workers"');
    expect(files['wrangler.toml']).toContain('no_bundle = true');
    const manifest = JSON.parse(files['package.json'] as string);
    expect(manifest.scripts['deploy:workers']).toBe('wrangler deploy');
    expect(manifest.devDependencies.wrangler).toMatch(/^\d+\.\d+\.\d+$/);
    expect(files['.gitignore']).toContain('.wrangler/');
  });

  it('deno: deno.json starts the built bundle with the permissions it needs', () => {
    const files = render('deno');
    const config = JSON.parse(files['deno.json'] as string);
    expect(config.tasks.start).toBe('deno run --allow-net --allow-env --allow-read dist/server.deno.js');
    expect(config.tasks.build).toBe('npm run build:deno');
  });

  it('bun: scripts only (Bun needs no configuration file)', () => {
    const files = render('bun');
    const manifest = JSON.parse(files['package.json'] as string);
    expect(manifest.scripts['start:bun']).toBe('bun dist/server.bun.js');
    expect(Object.keys(files).sort()).toEqual(Object.keys(render('node')).sort());
  });

  it('vercel: a Next.js route re-exporting the built handlers, vercel.json, and Next kept off tsconfig.json', () => {
    const files = render('vercel');
    expect(files['app/api/mcp/route.ts']).toContain(
      "export { DELETE, GET, POST } from '../../../dist/server.vercel.js';",
    );
    expect(files['app/api/mcp/route.ts']).toContain("export const dynamic = 'force-dynamic';");
    expect(JSON.parse(files['vercel.json'] as string)).toMatchObject({
      framework: 'nextjs',
      buildCommand: 'npm run build:vercel',
    });
    expect(files['next.config.mjs']).toContain("tsconfigPath: 'tsconfig.next.json'");
    expect(JSON.parse(files['tsconfig.next.json'] as string).include).toContain('app');
    const manifest = JSON.parse(files['package.json'] as string);
    expect(manifest.scripts['build:vercel']).toBe('decorum build --target vercel && next build');
    expect(manifest.scripts['start:vercel']).toBe('next start');
    expect(manifest.devDependencies).toMatchObject(NEXT_VERSIONS);
    // Sorted, as npm writes them.
    const names = Object.keys(manifest.devDependencies);
    expect(names).toEqual([...names].sort());
    expect(files['.gitignore']).toContain('.next/');
  });

  it('lambda: an AWS SAM template with a streaming function URL, and a deploy script', () => {
    const files = render('lambda');
    const template = files['template.yaml'] as string;
    expect(template).toContain('Handler: server.lambda.handler');
    expect(template).toContain('CodeUri: dist/');
    expect(template).toContain('InvokeMode: RESPONSE_STREAM');
    expect(template).toContain('ALLOWED_HOSTS: !Ref AllowedHosts');
    const manifest = JSON.parse(files['package.json'] as string);
    expect(manifest.scripts['deploy:lambda']).toBe('npm run build:lambda && sam deploy --guided');
  });

  it('reads ALLOWED_HOSTS in the served entry, for the platform hostnames', () => {
    expect(render('lambda', 'basic')['src/server.ts']).toContain('process.env.ALLOWED_HOSTS');
    expect(render('vercel', 'http')['src/http-options.ts']).toContain('env.ALLOWED_HOSTS');
  });

  it('picks the HTTP transport for a platform, and refuses stdio with the reason', async () => {
    const made = await cli(['srv', '--no-install', '--no-git', '--template', 'full', '--deploy', 'lambda']);
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('(template full, transport http, deploy lambda)');
    expect(made.stdout).toMatch(/npm run build:lambda\s+build for AWS Lambda/);
    expect(readdirSync(join(made.cwd, 'srv'))).toContain('template.yaml');
    expect(readFileSync(join(made.cwd, 'srv/src/server.ts'), 'utf8')).toContain("path: '/mcp'");

    const stdio = await cli(['x', '--transport', 'stdio', '--deploy', 'workers']);
    expect(stdio.code).toBe(2);
    expect(stdio.stderr).toContain('--deploy workers serves over HTTP: choose --transport http or both.');
    expect(readdirSync(stdio.cwd)).toEqual([]);
  });
});
