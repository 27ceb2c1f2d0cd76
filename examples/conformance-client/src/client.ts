#!/usr/bin/env node
// The "everything client" the official MCP conformance suite drives (`conformance client --command …`): one
// process per scenario run, the scenario in MCP_CONFORMANCE_SCENARIO, the server URL as the last argument. Built
// on @decorum/protocol/client alone. Exits 0 when the scenario's client side completed, 1 otherwise.
import { authorizationCode, enterprise, machine, workload } from './auth.js';
import { type Run, readRun } from './context.js';
import { basic, echoSchema, elicitationDefaults, exercise, listOnly } from './exercise.js';

const SCENARIOS: Record<string, (run: Run) => Promise<void>> = {
  initialize: basic,
  tools_call: basic,
  'json-schema-ref-no-deref': listOnly,
  'json-schema-2020-12-preservation': echoSchema,
  'elicitation-sep1034-client-defaults': elicitationDefaults,
  'auth/client-credentials-basic': machine,
  'auth/client-credentials-jwt': machine,
  'auth/wif-jwt-bearer': workload,
  'auth/enterprise-managed-authorization': enterprise,
};

/** The handler of a scenario: a named one, the OAuth client for auth/*, else everything the server offers. */
function handlerFor(scenario: string): (run: Run) => Promise<void> {
  return SCENARIOS[scenario] ?? (scenario.startsWith('auth/') ? authorizationCode : exercise);
}

try {
  const run = readRun(process.env, process.argv.slice(2));
  await handlerFor(run.scenario)(run);
  process.exit(0);
} catch (error) {
  console.error(`conformance-client: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
