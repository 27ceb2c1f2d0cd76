// What test/docs/shell-snippets*.test.ts do with each shell command of README.md and docs/, keyed by
// `<page>: <command>`. A command not listed here must simply exit 0 in the repository root; every skip says why.
import type { Snippet } from './shell-snippets.js';

export interface Plan {
  /** Why the command cannot run here. */
  skip?: string;
  /** What runs instead of the page's text, when it must differ (the comment says why). */
  run?: string;
  /** 'project': the scaffolded project (a project with @decorum/cli installed, as the page assumes). */
  cwd?: 'project';
  /** A long-running server: over stdio, HTTP, or `http` endpoints at once. */
  server?: 'stdio' | 'stdio+http' | { http: number };
  /** Run first, in the same folder. */
  setup?: string;
  /** Needs the weather showcase running: its URL replaces http://127.0.0.1:3000/mcp. */
  againstShowcase?: true;
  /** Needs Redis (DECORUM_TEST_REDIS_URL, else a redis-server of the run's own): its URL replaces redis://127.0.0.1:6379. */
  redis?: true;
  timeoutMs?: number;
  /** Runs before the other commands: the scaffold that the pages' project commands need. */
  first?: true;
  /** How the server is stopped: Ctrl-C (SIGINT to its group) unless the page starts it in the background. */
  stopSignal?: NodeJS.Signals;
}

export const NO_BENCH =
  'a benchmark: 1 to 12 minutes of both cores, and its figures, not an exit status, are the point (docs/benchmarks.md)';
/** Keyed by `<page>: <command>`; a command not listed here must simply exit 0. */
export const PLANS: Record<string, Plan> = {
  // `npm ci` is the install CI has just done for this run; the showcase is started here and stopped with Ctrl-C.
  'README.md: npm ci && npm run showcase': { run: 'npm run showcase', server: { http: 1 } },
  'README.md: npm ci && npm test': { skip: 'is CI itself (.ci/run: npm ci, then npm test, which runs this file)' },
  'docs/benchmarks.md: npm run bench': { skip: NO_BENCH },
  'docs/benchmarks.md: npm run bench -- --quick': { skip: NO_BENCH },
  'docs/benchmarks.md: npm run bench -- --only throughput,lists,cold,memory,reload': { skip: NO_BENCH },
  'docs/benchmarks.md: npm run bench -- --build': { skip: NO_BENCH },
  'docs/benchmarks.md: node bench/profile.mjs --impl decorum --mode stdio|http|stateless --seconds 5': {
    skip: NO_BENCH,
  },
  'docs/benchmarks.md: node bench/cpu-cost.mjs --calls 40000 --rounds 3': { skip: NO_BENCH },
  'docs/benchmarks.md: node bench/cpu-cost.mjs --modes http,stateless --pooled': { skip: NO_BENCH },
  'docs/benchmarks.md: node bench/cpu-cost.mjs --ladder --modes http,stateless': { skip: NO_BENCH },
  'docs/benchmarks.md: node bench/snapshot-decorum.mjs before': { skip: NO_BENCH },
  // valgrind's callgrind runs the server ~50x slower: minutes of both cores, killed at a test's limit on a loaded host.
  'docs/benchmarks.md: node bench/instructions.mjs --modes stdio,http --functions 20': { skip: NO_BENCH },
  'docs/benchmarks.md: npm run bench -- --quick --only throughput --with before': { skip: NO_BENCH },
  'docs/benchmarks.md: node bench/cpu-cost.mjs --schemas --modes stdio,http': { skip: NO_BENCH },
  'docs/benchmarks.md: node bench/instructions.mjs --modes stdio --schemas': { skip: NO_BENCH },
  'docs/benchmarks.md: node bench/stdio-pipelined.mjs --rounds 3': { skip: NO_BENCH },
  'docs/benchmarks.md: node bench/rss-stateless.mjs --calls 40000': { skip: NO_BENCH },
  'docs/benchmarks.md: node bench/sse-flood.mjs --clients reading,slow,none': { skip: NO_BENCH },
  'docs/oauth.md: npm init @decorum/mcp-app my-server -- --template http --auth oauth': {
    skip: 'fetches @decorum/create-mcp-app from the registry, where it is not published yet; test/create-mcp-app/oauth-template.test.ts renders the same project from this checkout, runs its tests and signs a user in through it',
  },
  'docs/benchmarks.md: node bench/runtimes.mjs --rounds 3 --seconds 2': { skip: NO_BENCH },
  'docs/create-mcp-app.md: npm init @decorum/mcp-app my-server': {
    skip: 'fetches @decorum/create-mcp-app from the registry, where it is not published yet; the "Before publishing" commands below scaffold the same project from this checkout',
  },
  'docs/create-mcp-app.md: cd my-server': { cwd: 'project' },
  'docs/create-mcp-app.md: npm run dev': { cwd: 'project', server: 'stdio' },
  'docs/create-mcp-app.md: npm run build': {
    skip: 'CI has just built every package (.ci/run builds before it tests); rebuilding dist/ here would pull it from under the tests running beside this file',
  },
  // The scaffold that the project commands need runs first (and the project is left in place for them).
  'docs/create-mcp-app.md: mkdir -p /tmp/decorum-packs': { first: true },
  'docs/create-mcp-app.md: npm pack -w packages/protocol -w packages/core -w packages/testing -w packages/cli -w packages/openapi -w packages/oauth --pack-destination /tmp/decorum-packs':
    { first: true },
  'docs/create-mcp-app.md: node packages/create-mcp-app/dist/bin.js /tmp/my-server --yes --decorum-packages /tmp/decorum-packs --prefer-offline':
    { first: true, timeoutMs: 240_000 },
  'docs/cli.md: npx decorum dev': { cwd: 'project', server: 'stdio' },
  // The scaffolded project's app module, bundled for the Web targets (the runtimes run them in test/deploy/).
  'docs/deploy.md: npx decorum build src/app.ts --target workers': { cwd: 'project' },
  'docs/deploy.md: npx decorum build src/app.ts --target deno': { cwd: 'project' },
  'docs/deploy.md: deno run --allow-net --allow-env --allow-read dist/app.deno.js': {
    skip: 'needs Deno on the PATH; test/deploy/deno.test.ts runs this bundle in Deno (the deno npm package) and drives it with both official clients',
  },
  'docs/deploy.md: npx decorum build --target bun': { cwd: 'project' },
  'docs/deploy.md: bun dist/server.bun.js': {
    skip: 'needs Bun on the PATH; test/deploy/bun.test.ts runs this bundle in Bun (the bun npm package) and drives it with both official clients',
  },
  'docs/deploy.md: npx decorum build --target vercel': { cwd: 'project' },
  'docs/deploy.md: npx decorum build --target lambda': { cwd: 'project' },
  'docs/deploy.md: sam deploy --guided': {
    skip: 'deploys to an AWS account with the AWS SAM CLI; test/deploy/lambda.test.ts runs the handler this template names under lambda-local',
  },
  'docs/cli.md: npx decorum dev --http --port 3000': { cwd: 'project', server: { http: 1 } },
  'docs/cli.md: npx decorum dev --stdio --http': { cwd: 'project', server: 'stdio+http' },
  'docs/cli.md: npx decorum build': { cwd: 'project' },
  // After the build above: the loader reports on stderr, and the server ends at the end of its input.
  'docs/cli.md: DECORUM_CODE_CACHE_REPORT=1 node dist/server.js < /dev/null': { cwd: 'project' },
  // Commits the manifest the previous build wrote, as the page says to: the check then proves a rebuild matches it.
  'docs/cli.md: npx decorum build && git diff --exit-code mcp-manifest.json': {
    cwd: 'project',
    setup: 'git add mcp-manifest.json && git -c user.name=docs -c user.email=docs@example.com commit -qm manifest',
  },
  // The root's dev dependency instead of a download from the registry, on a free port (the showcase may hold 3000).
  'docs/cli.md: npx decorum proxy --port 3001 -- npx -y @modelcontextprotocol/server-everything': {
    run: 'npx decorum proxy --port 0 -- npx --no-install mcp-server-everything',
    server: { http: 1 },
  },
  'docs/cli.md: npx decorum proxy http://127.0.0.1:3000/mcp': { againstShowcase: true, server: 'stdio' },
  'docs/cli.md: npx decorum list --url http://127.0.0.1:3000/mcp --header "Authorization: Bearer $TOKEN"': {
    againstShowcase: true,
  },
  // npm 11 lists dependencies whose install scripts package.json has not reviewed (allowScripts); protobufjs's
  // postinstall is a version notice the SDK does not need, so the page records the decision before installing.
  'docs/observability.md: npm pkg set allowScripts.protobufjs=false --json && npm install @opentelemetry/api @opentelemetry/sdk-node @opentelemetry/exporter-trace-otlp-http':
    {
      skip: "installs some 70 packages from the registry into the reader's project (40 to 100 s here, more than the rest of the project chain); the root's dev dependencies pin these three packages and test/telemetry runs the page's example with them",
    },
  'docs/mcp-app.md: node --conditions=@decorum/source --import @decorum/cli/register docs/examples/mcp-app.ts': {
    server: 'stdio',
  },
  'docs/mcp-app.md: node --conditions=@decorum/source --import @decorum/cli/register docs/examples/mcp-app.ts --http': {
    server: { http: 1 },
  },
  "docs/scaling.md: redis-server --port 6379 --save '' --appendonly no --daemonize yes": {
    skip: 'CI starts this very redis-server before the tests (.ci/run) and a second one cannot bind the port; the next commands use it',
  },
  // The loop puts three servers in the background and returns: `wait` keeps the shell as their group's leader.
  'docs/scaling.md: for port in 3001 3002 3003; do PORT=$port REDIS_URL=redis://127.0.0.1:6379 npm run serve & done': {
    run: 'for port in 3001 3002 3003; do PORT=$port REDIS_URL=redis://127.0.0.1:6379 npm run serve & done; wait',
    server: { http: 3 },
    redis: true,
    // Background jobs of a non-interactive shell ignore SIGINT (and Ctrl-C never reaches `&` jobs): `kill` them.
    stopSignal: 'SIGTERM',
  },
};

export const planKey = (snippet: Snippet) => `${snippet.page}: ${snippet.command}`;

/** The commands that run in (or make) the scaffolded project: one chain, in the project test file. */
export const inProjectChain = (plan: Plan | undefined) => plan?.cwd === 'project' || plan?.first === true;
