// A project made from a create-mcp-app template for the deploy tests, written inside the repository
// (under .cache/, which git ignores) so that `@decorum/*` resolve to the workspace's packages.
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DeployTarget } from '../../../packages/create-mcp-app/src/constants.js';
import { renderProject } from '../../../packages/create-mcp-app/src/project.js';
import { findTemplatesDir } from '../../../packages/create-mcp-app/src/templates.js';
import { REPO_ROOT } from '../../support/spawn-fixture.js';

/** A rendered template project; `remove` deletes it. */
export interface TemplateProject {
  dir: string;
  /** Writes a file of the project (path relative to it). */
  write(path: string, content: string): void;
  remove(): void;
}

/**
 * Renders the `full` template (DTO tools, resource templates, prompts, skills), or another, for HTTP; `deploy` adds
 * that platform's files and scripts, as `create-mcp-app --deploy` does.
 */
export function templateProject(
  name: string,
  deploy?: DeployTarget,
  template: 'basic' | 'http' | 'full' = 'full',
): TemplateProject {
  const dir = join(REPO_ROOT, '.cache', `deploy-${name}-${randomUUID().slice(0, 8)}`);
  const files = renderProject(
    {
      name: `deploy-${name}`,
      template,
      transport: 'http',
      deploy,
      packageManager: 'npm',
      targetDir: dir,
      decorum: { kind: 'registry', spec: '^0.1.0' },
    },
    findTemplatesDir(),
  );
  const write = (path: string, content: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  };
  for (const file of files) write(file.path, file.content);
  return { dir, write, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
