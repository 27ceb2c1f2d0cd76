// The release flow of docs/releasing.md on a copy of the workspace's manifests and changelogs: a changeset for one
// package bumps all six (one `fixed` group), keeps the examples' exact pins in step, and `scripts/version-packages.mjs`
// folds the hand-written `## Unreleased` section into the new release, leaving an empty one on top.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without declarations
import { foldUnreleased, UNRELEASED } from '../../scripts/version-packages.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const fold = foldUnreleased as (markdown: string) => string;

describe('foldUnreleased', () => {
  it('moves the Unreleased notes into the release changesets wrote above them', () => {
    const input =
      '# p\n\n## 0.2.0\n\n### Minor Changes\n\n- a\n\n## Unreleased\n\n### Migration\n\n| from | to |\n\n## 0.1.0\n\nfirst\n';
    expect(fold(input)).toBe(
      '# p\n\n## Unreleased\n\n### Migration\n\n## 0.2.0\n\n### Minor Changes\n\n- a\n\n### Migration\n\n| from | to |\n\n## 0.1.0\n\nfirst\n',
    );
  });

  it('drops an empty Migration placeholder from the release', () => {
    const input = `# p\n\n## 0.2.0\n\n- a\n\n${UNRELEASED}\n## 0.1.0\n\nfirst\n`;
    expect(fold(input)).toBe(`# p\n\n${UNRELEASED}\n## 0.2.0\n\n- a\n\n## 0.1.0\n\nfirst\n`);
  });

  it('leaves a changelog whose first section is still Unreleased alone', () => {
    const input = `# p\n\n${UNRELEASED}\n## 0.1.0\n\nfirst\n`;
    expect(fold(input)).toBe(input);
  });
});

describe('npm run version-packages', () => {
  const work = mkdtempSync(join(tmpdir(), 'release-flow-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('bumps the fixed group, updates the examples’ pins and folds Unreleased', () => {
    for (const path of [
      'package.json',
      '.changeset/config.json',
      'scripts/version-packages.mjs',
      'scripts/workspace.mjs',
    ])
      cpSync(join(ROOT, path), join(work, path));
    for (const group of ['packages', 'examples']) {
      for (const dir of readdirSync(join(ROOT, group))) {
        for (const file of ['package.json', 'CHANGELOG.md']) {
          const from = join(ROOT, group, dir, file);
          if (existsSync(from)) cpSync(from, join(work, group, dir, file));
        }
      }
    }
    symlinkSync(join(ROOT, 'node_modules'), join(work, 'node_modules'), 'dir');
    const coreLog = join(work, 'packages/core/CHANGELOG.md');
    const withTable = readFileSync(coreLog, 'utf8').replace('### Migration\n', '### Migration\n\n| before | after |\n');
    writeFileSync(coreLog, withTable);
    mkdirSync(join(work, '.changeset'), { recursive: true });
    writeFileSync(join(work, '.changeset/tidy-cats-sing.md'), "---\n'@decorum/core': minor\n---\n\nA new thing.\n");

    const changeset = join(ROOT, 'node_modules/@changesets/cli/bin.js');
    const version = spawnSync(process.execPath, [changeset, 'version'], { cwd: work, encoding: 'utf8' });
    expect(version.status, version.stderr).toBe(0);
    const fixup = spawnSync(process.execPath, ['scripts/version-packages.mjs'], { cwd: work, encoding: 'utf8' });
    expect(fixup.status, fixup.stderr).toBe(0);

    const manifest = (path: string) => JSON.parse(readFileSync(join(work, path, 'package.json'), 'utf8'));
    for (const dir of ['protocol', 'core', 'testing', 'redis', 'cli', 'create-mcp-app'])
      expect(manifest(`packages/${dir}`).version, dir).toBe('0.2.0');
    expect(manifest('packages/cli').dependencies['@decorum/core']).toBe('0.2.0');
    expect(manifest('examples/weather').dependencies['@decorum/core']).toBe('0.2.0');
    expect(existsSync(join(work, 'examples/weather/CHANGELOG.md')), 'no changelog for a private example').toBe(false);
    expect(existsSync(join(work, '.changeset/tidy-cats-sing.md')), 'the changeset is consumed').toBe(false);

    const core = readFileSync(coreLog, 'utf8');
    expect(core.startsWith('# @decorum/core\n\n## Unreleased\n\n### Migration\n\n## 0.2.0\n')).toBe(true);
    expect(core).toMatch(
      /## 0\.2\.0\n\n### Minor Changes\n\n- [\s\S]*A new thing\.\n[\s\S]*\n### Migration\n\n\| before \| after \|\n/,
    );
    const cli = readFileSync(join(work, 'packages/cli/CHANGELOG.md'), 'utf8');
    expect(cli.startsWith('# @decorum/cli\n\n## Unreleased\n\n### Migration\n\n## 0.2.0\n')).toBe(true);
  }, 60_000);
});
