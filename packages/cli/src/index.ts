/**
 * The `decorum` command line. The dev server, build, start, list and call commands arrive with the
 * CLI issue; this entry exposes what other tools may reuse.
 */

/**
 * Specifier of the dev loader. `node --import @decorum/cli/register app.ts` runs TypeScript sources
 * with legacy decorators and decorator metadata (compiled by SWC).
 */
export const REGISTER_HOOK = '@decorum/cli/register';

/** Commands the `decorum` binary knows, with a one-line summary each. */
export const COMMANDS: Readonly<Record<string, string>> = {
  dev: 'run the app from TypeScript sources with hot reload',
  start: 'run the built app',
  build: 'build the app and write mcp-manifest.json',
  list: 'list the tools, resources and prompts of an app',
  call: 'call a tool of an app',
};
