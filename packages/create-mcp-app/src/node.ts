/**
 * `create-mcp-app/node`: the scaffolder, for Node (file system, prompts, child processes).
 * @example
 * import { run } from 'create-mcp-app/node';
 * const status = await run(['my-server', '--yes'], { stdin, stdout, stderr, env, cwd, signal });
 */
export { type CliIo, run } from './cli.js';
export {
  type DecorumSource,
  localDecorumSource,
  ownVersion,
  useLocalPackages,
} from './decorum-packages.js';
export { type ProjectFile, type ProjectOptions, renderProject } from './project.js';
export { checkProjectName, type NameCheck, suggestProjectName, unscopedName } from './project-name.js';
export { checkTarget, type ScaffoldOptions, type ScaffoldReporter, type ScaffoldResult, scaffold } from './scaffold.js';
export { findTemplatesDir, readTemplateManifest, type TemplateManifest, templateFiles } from './templates.js';
