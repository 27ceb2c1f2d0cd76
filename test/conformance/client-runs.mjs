// The client half of `npm run conformance`: `conformance client --suite all` of @modelcontextprotocol/conformance
// 0.2.0-alpha.12 for every revision the suite knows (each run at that revision's wire), then its extension
// scenarios, all driving examples/conformance-client (built on @decorum/protocol/client alone). Each run's
// scenarios come back with the checks that failed, for run.mjs's table and expected-failures.json.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The client runs: label → the suite's arguments. */
export const CLIENT_RUNS = [
  { label: 'client-2025-03-26', args: ['--suite', 'all', '--spec-version', '2025-03-26'] },
  { label: 'client-2025-06-18', args: ['--suite', 'all', '--spec-version', '2025-06-18'] },
  { label: 'client-2025-11-25', args: ['--suite', 'all', '--spec-version', '2025-11-25'] },
  { label: 'client-2026-07-28', args: ['--suite', 'all', '--spec-version', '2026-07-28'] },
  { label: 'client-extensions', args: ['--suite', 'extensions'] },
];
export const CLIENT_SUITE = '0.2.0-alpha.12';
const RUN_TIMEOUT_MS = 10 * 60_000;

/** The command the suite runs per scenario: the everything client, from sources, on the suite's Node. */
function clientCommand(root, node) {
  const entry = join(root, 'examples/conformance-client/src/client.ts');
  return `${node} --conditions=@decorum/source --import @decorum/cli/register ${entry}`;
}

/** `✓ name: 3 passed, 0 failed[, 1 warnings]` summary lines → Map(scenario → { passed, failed, warnings }). */
export function parseClientSummary(out) {
  const summary = out.slice(out.lastIndexOf('=== SUITE SUMMARY ==='));
  const results = new Map();
  for (const match of summary.matchAll(/^[✓✗] (\S+): (\d+) passed, (\d+) failed(?:, (\d+) warnings)?$/gmu)) {
    results.set(match[1], { passed: Number(match[2]), failed: Number(match[3]), warnings: Number(match[4] ?? 0) });
  }
  return results;
}

/** The failing checks of each scenario, from the checks.json files the suite wrote under `dir` (nested for auth/*). */
export function clientFailingChecks(dir) {
  const byScenario = new Map();
  const walk = (folder, prefix) => {
    if (!existsSync(folder)) return;
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const file = join(folder, entry.name, 'checks.json');
      if (!existsSync(file)) {
        walk(join(folder, entry.name), `${prefix}${entry.name}/`);
        continue;
      }
      const scenario = `${prefix}${entry.name.replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '')}`;
      const checks = JSON.parse(readFileSync(file, 'utf8'));
      byScenario.set(
        scenario,
        checks.filter((c) => c.status === 'FAILURE').map((c) => `${c.id}: ${c.errorMessage ?? c.description}`),
      );
    }
  };
  walk(dir, '');
  return byScenario;
}

/** Runs one `conformance client` invocation; resolves with its output and exit code. */
export function runClientSuite(node, cli, root, args, cwd) {
  return new Promise((resolve) => {
    const command = clientCommand(root, node);
    const child = spawn(node, [cli, 'client', '--command', command, ...args], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ out, code: code ?? signal });
    });
  });
}
