#!/usr/bin/env node
// Runs the official MCP conformance suite (@modelcontextprotocol/conformance) against
// examples/everything over Streamable HTTP:
//   - 0.1.16, server mode, --suite all (the 2025-06-18 and 2025-11-25 scenarios, stateful);
//   - 0.2.0-alpha.12 with --requirements 2025-11-25 (stateful wire) and --requirements 2026-07-28
//     (stateless wire), each running the revision's frozen list plus its not-scored scenarios;
// and, in client mode, 0.2.0-alpha.12 `client --suite all --spec-version <rev>` for each revision the suite
// knows plus `--suite extensions`, driving examples/conformance-client (see client-runs.mjs); one line per
// client run, `client-<rev>: P passed, F failed`.
//   - 0.2.0-alpha.12 `authorization` against a Decorum authorization server (@decorum/oauth,
//     test/conformance/authorization.mjs), printed as its own `authorization: P passed, F failed` line.
// The suites and a Node 22 binary (the suite needs Node >= 22) are installed into .cache/ on first
// use. Prints one table of scenarios × runs and exits 1 on any failure that
// test/conformance/expected-failures.json does not list, and on any listed failure that now passes.
//
// Extension scenarios (the Skills extension's, SEP-2640) run by name in both eras ("skills <revision>"), and its
// client scenarios against test/conformance/skills-client.ts ("skills client <revision>").
//
// The 2026-07-28 requirements also run against examples/everything built for Cloudflare Workers and served
// by workerd ("workerd 2026-07-28", test/conformance/workerd-server.mjs).
//
// Usage: node test/conformance/run.mjs [--only 0.1.16|2025-11-25|2026-07-28|'workerd 2026-07-28'|client|client-<rev>|authorization|'skills 2026-07-28'|…] [--keep]
//   --keep   keep the per-scenario checks.json files (printed path) instead of deleting them
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAuthorization } from './authorization.mjs';
import { CLIENT_RUNS, CLIENT_SUITE, clientFailingChecks, parseClientSummary, runClientSuite } from './client-runs.mjs';
import { startWorkerdServer } from './workerd-server.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cache = join(root, '.cache');
const here = fileURLToPath(new URL('.', import.meta.url));

const SUITES = ['0.1.16', '0.2.0-alpha.12'];
// The suite splits a client command on spaces and runs it from this directory (the repository root).
const SKILLS_CLIENT = `${process.execPath} --conditions=@decorum/source --import @decorum/cli/register test/conformance/skills-client.ts`;
const RUNS = [
  { label: '0.1.16', suite: '0.1.16', args: ['--suite', 'all'] },
  { label: '2025-11-25', suite: '0.2.0-alpha.12', args: ['--requirements', '2025-11-25'] },
  { label: '2026-07-28', suite: '0.2.0-alpha.12', args: ['--requirements', '2026-07-28'] },
  // The same requirements against examples/everything built for Cloudflare Workers, served by workerd (stateless).
  { label: 'workerd 2026-07-28', suite: '0.2.0-alpha.12', args: ['--requirements', '2026-07-28'], server: 'workerd' },
  // Extension scenarios are on no revision's list: each runs by name, once per era (--force: "not on the timeline").
  ...['2025-11-25', '2026-07-28'].map((version) => ({
    label: `skills ${version}`,
    suite: '0.2.0-alpha.12',
    args: ['--spec-version', version, '--force'],
    scenarios: ['sep-2640-skills-enumeration', 'sep-2640-skills-directory', 'sep-2640-skills-manifest'],
  })),
  // The client side of SEP-2640: the suite's mock servers drive test/conformance/skills-client.ts (Decorum's client).
  ...['2025-11-25', '2026-07-28'].map((version) => ({
    label: `skills client ${version}`,
    suite: '0.2.0-alpha.12',
    mode: 'client',
    args: ['--command', SKILLS_CLIENT, '--spec-version', version, '--force'],
    scenarios: [
      'sep-2640-client-no-prefetch',
      'sep-2640-client-verify-digest',
      'sep-2640-client-verify-size',
      'sep-2640-client-verify-frontmatter',
    ],
  })),
];
const RUN_TIMEOUT_MS = 10 * 60_000;

const argv = process.argv.slice(2);
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
const keep = argv.includes('--keep');
const runs = RUNS.filter((run) => only === undefined || run.label === only);
const clientRuns = CLIENT_RUNS.filter((run) => only === undefined || only === 'client' || run.label === only);
const authorization = only === undefined || only === 'authorization';
if (runs.length === 0 && clientRuns.length === 0 && !authorization) {
  fail(`--only must be one of ${[...RUNS, ...CLIENT_RUNS].map((r) => r.label).join(', ')}, client, authorization`);
}

function fail(message) {
  console.error(`conformance: ${message}`);
  process.exit(2);
}

/** The suite's CLI entry, installed into .cache/conformance-<version>/ when missing. */
function suiteCli(version) {
  const prefix = join(cache, `conformance-${version}`);
  const cli = join(prefix, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');
  if (!existsSync(cli)) {
    console.error(`installing @modelcontextprotocol/conformance@${version} into ${prefix}`);
    mkdirSync(prefix, { recursive: true });
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        prefix,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--no-package-lock',
        `@modelcontextprotocol/conformance@${version}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
  }
  return cli;
}

/** Node >= 22 for the suite: this one if it is, else the binary scripts/node22.sh installs. */
function node22() {
  if (Number(process.versions.node.split('.')[0]) >= 22) return process.execPath;
  const bin = execFileSync('bash', [join(root, 'scripts/node22.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  }).trim();
  return join(bin, 'node');
}

/** Starts examples/everything on a free port; resolves with its URL once it prints it. */
function startServer() {
  const child = spawn(
    process.execPath,
    ['--conditions=@decorum/source', '--import', '@decorum/cli/register', 'src/server.ts'],
    {
      cwd: join(root, 'examples/everything'),
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'inherit', 'pipe'],
    },
  );
  let log = '';
  const url = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${log}`)), 60_000);
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk) => {
      log += chunk;
      const found = /MCP endpoint: (\S+)/.exec(log);
      if (found) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${signal ?? code}) before it listened:\n${log}`));
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(killer);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { url, stop, logs: () => log };
}

/** Runs one suite invocation; resolves with its stdout and exit code. */
function runSuite(node, cli, args, mode = 'server') {
  return new Promise((resolve) => {
    const child = spawn(node, [cli, mode, ...args], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
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

/** Runs named scenarios one by one; their outputs end in one summary in the suite's own format. */
async function runScenarios(node, cli, url, run, dir) {
  let out = '';
  const lines = [];
  let code = 0;
  for (const scenario of run.scenarios) {
    const target = run.mode === 'client' ? [] : ['--url', url];
    const result = await runSuite(node, cli, [...target, '--scenario', scenario, ...run.args, '-o', dir], run.mode);
    out += result.out;
    if (result.code !== 0) code = result.code;
    const passed = /Passed: (\d+)\/(\d+), (\d+) failed/.exec(result.out);
    if (passed)
      lines.push(`${Number(passed[3]) === 0 ? '✓' : '✗'} ${scenario}: ${passed[1]} passed, ${passed[3]} failed`);
  }
  return { out: `${out}\n=== SUMMARY ===\n${lines.join('\n')}\n`, code };
}

/** `✓ name: 3 passed, 0 failed` lines of the suite's summary → Map(scenario → { passed, failed }). */
function parseSummary(out) {
  const summary = out.slice(out.lastIndexOf('=== SUMMARY ==='));
  const results = new Map();
  for (const match of summary.matchAll(/^[✓✗] (\S+): (\d+) passed, (\d+) failed$/gmu)) {
    results.set(match[1], { passed: Number(match[2]), failed: Number(match[3]) });
  }
  return results;
}

/** The failing checks of each scenario, from the checks.json files under `dir`. */
function failingChecks(dir) {
  const byScenario = new Map();
  if (!existsSync(dir)) return byScenario;
  for (const entry of readdirSync(dir)) {
    const scenario = entry.replace(/^(authorization-)?(server|client)-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
    const file = join(dir, entry, 'checks.json');
    if (!existsSync(file)) continue;
    const checks = JSON.parse(readFileSync(file, 'utf8'));
    const failing = checks
      .filter((c) => c.status === 'FAILURE')
      .map((c) => `${c.id}: ${c.errorMessage ?? c.description}`);
    byScenario.set(scenario, failing);
  }
  return byScenario;
}

function loadExpected() {
  const file = join(here, 'expected-failures.json');
  const data = JSON.parse(readFileSync(file, 'utf8'));
  const expected = new Map(); // `${run}\u0000${scenario}` → reason
  for (const [run, scenarios] of Object.entries(data.runs ?? {})) {
    for (const [scenario, reason] of Object.entries(scenarios)) {
      if (typeof reason !== 'string' || reason.trim() === '')
        fail(`expected-failures.json: ${run} ${scenario} needs a reason`);
      expected.set(`${run}\u0000${scenario}`, reason);
    }
  }
  return expected;
}

const expected = loadExpected();
const node = node22();
const clis = Object.fromEntries(SUITES.map((version) => [version, suiteCli(version)]));
const outputRoot = mkdtempSync(join(tmpdir(), 'decorum-conformance-'));

const results = new Map(); // label → { summary, failing, code }
if (runs.length > 0) await serverRuns();
for (const run of clientRuns) {
  const dir = join(outputRoot, run.label);
  console.error(`running conformance ${CLIENT_SUITE} client ${run.args.join(' ')} …`);
  const cwd = join(root, 'examples/conformance-client');
  const { out, code } = await runClientSuite(node, clis[CLIENT_SUITE], root, [...run.args, '-o', dir], cwd);
  const summary = parseClientSummary(out);
  if (summary.size === 0) {
    console.error(out);
    fail(`conformance ${run.label} printed no summary (exit ${code})`);
  }
  results.set(run.label, { summary, failing: clientFailingChecks(dir), code });
}

async function serverRuns() {
  // Runs against Node's examples/everything, then those against its Workers build in workerd.
  for (const kind of ['node', 'workerd']) {
    const own = runs.filter((run) => (run.server ?? 'node') === kind);
    if (own.length > 0) await serverRunsOn(kind === 'workerd' ? startWorkerdServer(root) : startServer(), kind, own);
  }
}

async function serverRunsOn(server, kind, runs) {
  let url;
  try {
    url = await server.url;
  } catch (error) {
    fail(error.message);
  }
  console.error(`examples/everything (${kind}) listening at ${url}`);

  try {
    for (const run of runs) {
      const dir = join(outputRoot, run.label);
      console.error(`running conformance ${run.suite} ${run.args.join(' ')} …`);
      const { out, code } = run.scenarios
        ? await runScenarios(node, clis[run.suite], url, run, dir)
        : await runSuite(node, clis[run.suite], ['--url', url, ...run.args, '-o', dir]);
      const summary = parseSummary(out);
      if (summary.size === 0) {
        console.error(out);
        fail(`conformance ${run.label} printed no summary (exit ${code})`);
      }
      results.set(run.label, { summary, failing: failingChecks(dir), code });
    }
  } finally {
    await server.stop();
  }
}
if (authorization) {
  console.error('running conformance 0.2.0-alpha.12 authorization …');
  const dir = join(outputRoot, 'authorization');
  const { summary } = await runAuthorization({ root, node, cli: clis['0.2.0-alpha.12'], outputDir: dir });
  results.set('authorization', { summary, failing: failingChecks(dir), code: 0 });
  runs.push({ label: 'authorization' });
}

// The table: one row per scenario, one column per run.
const scenarios = [...new Set([...results.values()].flatMap((r) => [...r.summary.keys()]))].sort();
const width = Math.max(...scenarios.map((s) => s.length), 8);
const cell = (label, scenario) => {
  const result = results.get(label)?.summary.get(scenario);
  if (result === undefined) return '-';
  const known = expected.has(`${label}\u0000${scenario}`);
  if (result.failed === 0) return known ? 'pass (stale xfail)' : 'pass';
  return known ? 'xfail' : 'FAIL';
};
const columns = [...runs, ...clientRuns].map((r) => r.label);
const colWidth = Math.max(...columns.map((c) => c.length), 18);
console.log(`\n${'scenario'.padEnd(width)}  ${columns.map((c) => c.padEnd(colWidth)).join('  ')}`);
console.log(`${'-'.repeat(width)}  ${columns.map(() => '-'.repeat(colWidth)).join('  ')}`);
for (const scenario of scenarios) {
  console.log(`${scenario.padEnd(width)}  ${columns.map((c) => cell(c, scenario).padEnd(colWidth)).join('  ')}`);
}

// Unexpected failures (with their failing checks), expected ones, and stale entries.
const unexpected = [];
const stale = [];
let xfails = 0;
for (const [label, result] of results) {
  for (const [scenario, { failed }] of result.summary) {
    const key = `${label}\u0000${scenario}`;
    if (failed > 0 && expected.has(key)) xfails++;
    if (failed > 0 && !expected.has(key))
      unexpected.push({ label, scenario, checks: result.failing.get(scenario) ?? [] });
    if (failed === 0 && expected.has(key)) stale.push({ label, scenario });
  }
}
// One line per client run: scenarios passed (no failing check) and failed (expected failures counted in).
for (const run of clientRuns) {
  const summary = results.get(run.label)?.summary ?? new Map();
  const failed = [...summary.values()].filter((r) => r.failed > 0).length;
  const known = [...summary].filter(([s, r]) => r.failed > 0 && expected.has(`${run.label}\u0000${s}`)).length;
  const note = known > 0 ? ` (${known} expected, listed in expected-failures.json)` : '';
  console.log(`client ${run.label.slice('client-'.length)}${note}: ${summary.size - failed} passed, ${failed} failed`);
}
const totals = [...results.values()].flatMap((r) => [...r.summary.values()]);
console.log(
  `\n${totals.filter((t) => t.failed === 0).length} passed, ${unexpected.length} failed, ${xfails} expected failures` +
    ` (${[...results.keys()].join(', ')})`,
);
for (const { label, scenario, checks } of unexpected) {
  console.log(`\nFAIL ${scenario} [${label}]`);
  for (const check of checks) console.log(`  - ${check}`);
}
for (const { label, scenario } of stale) {
  console.log(`\nSTALE expected failure ${scenario} [${label}]: it passes now; remove it from expected-failures.json`);
}
if (keep) console.log(`\nchecks.json files kept under ${outputRoot}`);
else rmSync(outputRoot, { recursive: true, force: true });
process.exit(unexpected.length > 0 || stale.length > 0 ? 1 : 0);
