/**
 * The `decorum` command line: `dev` (hot reload that keeps clients connected), `build` (tsup + SWC,
 * mcp-manifest.json, server.json), `start`, and `list` / `call` / `read` / `prompt` against an app.
 * This entry exposes the pieces other tools may reuse.
 */

export { exportedApp, isApp, loadApp } from './app-module.js';
export { type OptionKind, type ParsedArgs, parseArgv } from './argv.js';
export { type CaptureOptions, captureManifest, type McpManifest } from './build/capture-manifest.js';
export { registryName, SERVER_JSON_SCHEMA, type ServerJson, serverJson } from './build/server-json.js';
export { checkDecoratorOptions, readCompilerOptions } from './build/tsconfig-check.js';
export { type BuiltUi, bundleUi, type UiProject, uiEntries } from './build/ui-bundle.js';
export { CliError } from './cli-error.js';
export { type ClientOutput, clientCommand } from './client/client-commands.js';
export { type CliOAuthOptions, cliOAuth } from './client/login/cli-oauth.js';
export { authDirectory, authFile, fileTokenStore } from './client/login/file-token-store.js';
export { type LoopbackRedirect, loopbackRedirect } from './client/login/loopback-redirect.js';
export { LOGIN_USAGE, loginCommand } from './client/login-command.js';
export { type DevServeOptions, DevServer, type DevServerOptions } from './dev/dev-server.js';
export { codeFrame, formatReloadError, projectLocation, type SourceLocation } from './dev/error-report.js';
export { isWatchedPath } from './dev/file-watcher.js';
export { formatReload } from './dev/reload-report.js';
export { startUiWatch, type UiWatch, type UiWatchOptions, viewUris } from './dev/ui-watch.js';
export { type PackageManifest, type Project, resolveProject } from './project.js';
export { PROXY_USAGE, type ProxyPlan, proxyCommand, proxyPlan } from './proxy/proxy-command.js';

/**
 * Specifier of the dev loader. `node --import @decorum/cli/register app.ts` runs TypeScript sources
 * with legacy decorators and decorator metadata (compiled by SWC).
 */
export const REGISTER_HOOK = '@decorum/cli/register';

/** Commands the `decorum` binary knows, with a one-line summary each. */
export const COMMANDS: Readonly<Record<string, string>> = {
  dev: 'run the app from TypeScript sources with hot reload (clients stay connected)',
  build: 'build the app into dist/ and write mcp-manifest.json and server.json',
  start: 'run the built app',
  list: 'list the tools, resources, templates and prompts of the app (or --url)',
  call: "call a tool: decorum call <tool> --arg key=value | --json '{…}'",
  read: 'read a resource: decorum read <uri>',
  prompt: 'get a prompt: decorum prompt <name> --arg key=value',
  proxy: 'serve a stdio server over HTTP, or an HTTP server over stdio: decorum proxy -- <command> | <url>',
  login: 'log in to an OAuth-protected MCP server: decorum login <url> (then list/call/proxy use the tokens)',
};
