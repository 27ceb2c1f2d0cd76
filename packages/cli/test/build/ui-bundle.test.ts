// The views step of `decorum build` / `decorum dev`: one self-contained HTML file per ui/<name>.html,
// nothing for a project without ui/, and errors that say what to do.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleUi, uiEntries } from '../../src/build/ui-bundle.js';
import { CliError } from '../../src/cli-error.js';
import { workProject } from '../support/work-project.js';

describe('bundleUi', () => {
  const project = workProject(); // inside the repository: vite resolves from the workspace
  afterAll(() => project.remove());
  const write = (file: string, text: string) => {
    mkdirSync(join(project.dir, file, '..'), { recursive: true });
    writeFileSync(join(project.dir, file), text);
  };

  it('does nothing for a project without ui/', async () => {
    expect(uiEntries({ root: project.dir })).toEqual([]);
    expect(await bundleUi({ root: project.dir })).toEqual([]);
  });

  it('bundles each ui/*.html with its TypeScript and CSS into one file under dist/ui', async () => {
    write(
      'ui/one.html',
      '<!doctype html><html><body><p id="x"></p><script type="module" src="./one.ts"></script></body></html>',
    );
    write(
      'ui/one.ts',
      "import './one.css';\nconst n: number = 41;\ndocument.getElementById('x')!.textContent = 'answer ' + String(n + 1);\n",
    );
    write('ui/one.css', 'p { margin-left: 17px; }\n');
    write('ui/two.html', '<!doctype html><html><body>two</body></html>');
    const built = await bundleUi({ root: project.dir });
    expect(built.map((b) => b.output)).toEqual([
      join(project.dir, 'dist/ui/one.html'),
      join(project.dir, 'dist/ui/two.html'),
    ]);
    const html = readFileSync(join(project.dir, 'dist/ui/one.html'), 'utf8');
    expect(html).not.toMatch(/<script[^>]*\ssrc=|<link[^>]*stylesheet/);
    expect(html).toMatch(/margin-left: ?17px/);
    expect(html).toContain('answer ');
    expect(built[0]?.bytes).toBeGreaterThan(100);
  }, 60_000);

  it('names the view that fails to build', async () => {
    write(
      'ui/broken.html',
      '<!doctype html><html><body><script type="module" src="./nowhere.ts"></script></body></html>',
    );
    const error = await bundleUi({ root: project.dir }, [join(project.dir, 'ui/broken.html')]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as Error).message).toMatch(/^Building the view ui\/broken\.html failed: /);
  }, 60_000);

  // A folder no node_modules above can serve vite from (this machine's /tmp has one).
  const base = existsSync('/var/tmp') ? '/var/tmp' : tmpdir();
  const viteAbove = (() => {
    try {
      createRequire(join(base, 'x', 'package.json')).resolve('vite');
      return true;
    } catch {
      return false;
    }
  })();

  it.skipIf(viteAbove)('says how to install the bundler when the project lacks it', async () => {
    const outside = mkdtempSync(join(base, 'decorum-ui-'));
    try {
      mkdirSync(join(outside, 'ui'));
      writeFileSync(join(outside, 'package.json'), '{"name":"outside","private":true}');
      writeFileSync(join(outside, 'ui/a.html'), '<!doctype html><html></html>');
      const error = await bundleUi({ root: outside }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CliError);
      expect((error as Error).message).toContain('npm i -D --save-exact vite@8.3.8 vite-plugin-singlefile@2.3.4');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
