/**
 * create-mcp-app scaffolds a Decorum MCP server from its templates; the binary is `create-mcp-app`.
 * This root entry holds the parts that run anywhere (choices, argument parsing, template rendering);
 * the scaffolder itself, which needs the file system and child processes, is `create-mcp-app/node`.
 * @example
 * import { parseArgs, TEMPLATES } from 'create-mcp-app';
 * parseArgs(['my-server', '--template', TEMPLATES[2]]); // { dir: 'my-server', template: 'full', … }
 */
export { type CliArgs, parseArgs, USAGE } from './args.js';
export { type ClientConfigInput, clientConfigs } from './client-configs.js';
export {
  DEPLOY_TARGETS,
  type DeployTarget,
  TEMPLATES,
  type TemplateName,
  TRANSPORTS,
  type Transport,
} from './constants.js';
export { type DeployAdditions, deployAdditions } from './deploy.js';
export { CreateAppError, type CreateAppErrorCode } from './errors.js';
export { detectPackageManager, PACKAGE_MANAGERS, type PackageManager } from './package-manager.js';
export { applySections, fillPlaceholders, type RenderContext, renderTemplate } from './render.js';
