// What the conformance runner tells the client: the scenario, its context (credentials and keys of the auth
// scenarios) and the protocol revision to speak.
import type { ClientProtocolVersion } from '@decorum/protocol/client';

/** The runner's environment, read once. */
export interface Run {
  scenario: string;
  serverUrl: string;
  protocolVersion: ClientProtocolVersion;
  context: Record<string, string | undefined>;
}

const KNOWN = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];

/** Reads MCP_CONFORMANCE_SCENARIO, MCP_CONFORMANCE_CONTEXT, MCP_CONFORMANCE_PROTOCOL_VERSION and the URL argument. */
export function readRun(env: NodeJS.ProcessEnv, argv: string[]): Run {
  const scenario = env.MCP_CONFORMANCE_SCENARIO;
  const serverUrl = argv.at(-1);
  if (!scenario || !serverUrl || !/^https?:\/\//.test(serverUrl)) {
    throw new Error('usage: MCP_CONFORMANCE_SCENARIO=<name> conformance-client <server-url>');
  }
  const wanted = env.MCP_CONFORMANCE_PROTOCOL_VERSION;
  // A revision this client does not speak (a newer draft) is asked for as the newest legacy one.
  const protocolVersion = (
    wanted !== undefined && KNOWN.includes(wanted) ? wanted : '2025-11-25'
  ) as ClientProtocolVersion;
  const context = env.MCP_CONFORMANCE_CONTEXT ? (JSON.parse(env.MCP_CONFORMANCE_CONTEXT) as Run['context']) : {};
  return { scenario, serverUrl, protocolVersion, context };
}
