// The "Connect a client" section of the generated README: configurations for Claude Desktop,
// VS Code and Cursor, ready to paste, pointing at the built server.
import type { TemplateName, Transport } from './constants.js';

/** What the configurations need to know about the project. */
export interface ClientConfigInput {
  /** The key the server is listed under (the unscoped project name). */
  serverName: string;
  /** Absolute path of the project folder. */
  projectDir: string;
  template: TemplateName;
  transport: Transport;
  /** How this project's package manager runs the start script, e.g. `npm start`. */
  startCommand: string;
}

const DEFAULT_URL = 'http://127.0.0.1:3000/mcp';

function json(value: unknown): string {
  return ['```json', JSON.stringify(value, null, 2), '```'].join('\n');
}

/** How a client launches the server over stdio, or undefined when the project has no stdio transport. */
function stdioLaunch(input: ClientConfigInput): { command: string; args: string[] } | undefined {
  if (input.transport === 'http') return undefined;
  // Forward slashes work on every platform Node runs on (and keep this module free of node:path).
  const args = [`${input.projectDir.replace(/[\\/]+$/, '')}/dist/server.js`];
  // The http template serves HTTP unless told otherwise.
  if (input.transport === 'both' && input.template === 'http') args.push('--stdio');
  return { command: 'node', args };
}

/**
 * How a client launches `decorum dev` over stdio (hot reload while editing): node and the project's
 * own CLI, with the entry as an absolute path (clients start servers in a folder of their choosing).
 * Not `npm run dev`: npm prints its banner (`> app@0.1.0 dev`) on stdout, which a stdio client reads
 * as a broken protocol frame.
 */
export function devLaunch(input: ClientConfigInput): { command: string; args: string[] } | undefined {
  if (input.transport === 'http') return undefined;
  const dir = input.projectDir.replace(/[\\/]+$/, '');
  return {
    command: 'node',
    args: [`${dir}/node_modules/@decorum/cli/dist/bin.js`, 'dev', `${dir}/src/server.ts`, '--stdio'],
  };
}

/**
 * Markdown with one configuration per client: stdio launches `node <project>/dist/server.js`; HTTP
 * points at http://127.0.0.1:3000/mcp (started with `npm start`). Projects with both get both.
 * @example
 * clientConfigs({ serverName: 'notes', projectDir: '/home/me/notes', template: 'full', transport: 'stdio', startCommand: 'npm start' });
 */
export function clientConfigs(input: ClientConfigInput): string {
  const name = input.serverName;
  const stdio = stdioLaunch(input);
  const http = input.transport !== 'stdio';
  const startHttp =
    input.transport === 'both' && input.template !== 'http'
      ? '`node dist/server.js --http`'
      : `\`${input.startCommand}\``;
  const sections: string[] = [];
  if (http) {
    sections.push(
      `Over HTTP, start the server first with ${startHttp}; clients then connect to \`${DEFAULT_URL}\`.`,
      '',
    );
  }

  sections.push('### Claude Desktop', '');
  sections.push(
    'Add to `claude_desktop_config.json` (Settings → Developer → Edit Config), then restart Claude Desktop:',
    '',
    // Claude Desktop launches local servers over stdio; mcp-remote bridges it to an HTTP endpoint.
    json({ mcpServers: { [name]: stdio ?? { command: 'npx', args: ['-y', 'mcp-remote', DEFAULT_URL] } } }),
    '',
  );

  sections.push('### VS Code', '', 'Add to `.vscode/mcp.json` in your workspace:', '');
  const vscode: Record<string, unknown> = {};
  if (stdio) vscode[name] = { type: 'stdio', ...stdio };
  if (http) vscode[stdio ? `${name}-http` : name] = { type: 'http', url: DEFAULT_URL };
  sections.push(json({ servers: vscode }), '');

  sections.push('### Cursor', '', 'Add to `.cursor/mcp.json` in your project (or `~/.cursor/mcp.json`):', '');
  const cursor: Record<string, unknown> = {};
  if (stdio) cursor[name] = stdio;
  if (http) cursor[stdio ? `${name}-http` : name] = { url: DEFAULT_URL };
  sections.push(json({ mcpServers: cursor }));

  const dev = devLaunch(input);
  if (dev !== undefined) {
    sections.push(
      '',
      '### While developing',
      '',
      'To have a client run the TypeScript sources with hot reload (`decorum dev`) instead of the build, launch the',
      "project's own `decorum` with node, as below (same shape for every client above). Not `npm run dev`: npm prints a",
      'banner on stdout, and over stdio stdout carries protocol frames only.',
      '',
      json({ mcpServers: { [`${name}-dev`]: dev } }),
    );
  }
  return sections.join('\n');
}
