// Dev reload latency: a 20-tool project served by `decorum dev` (the built CLI, as a user runs it)
// over stdio; each round rewrites one tool's file and times file written → tools/list_changed
// received by the client. `node bench/dev-reload.mjs [--rounds N]`, or measureReload() from run.mjs.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = `${ROOT}packages/cli/dist/bin.js`;
const TOOLS = 20;

function toolSource(i, version) {
  return [
    "import { Args, Field, Tool } from '@decorum/core';",
    "import { IsInt, IsString, Max, Min } from 'class-validator';",
    '',
    `export class Input${i} {`,
    "  @Field({ description: 'A name' })",
    '  @IsString()',
    '  name!: string;',
    '',
    "  @Field({ description: 'How many' })",
    '  @IsInt()',
    '  @Min(1)',
    '  @Max(10)',
    '  count!: number;',
    '}',
    '',
    `export class Tool${i} {`,
    `  @Tool({ name: 'tool-${i}', description: 'Tool ${i}, version ${version}' })`,
    `  run(@Args() input: Input${i}) {`,
    "    return input.name + ' x' + input.count;",
    '  }',
    '}',
    '',
  ].join('\n');
}

/** Writes the project under bench/.build (inside the repo, so @decorum/* resolve from node_modules). */
function writeProject(dir) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(`${dir}/src/tools`, { recursive: true });
  writeFileSync(`${dir}/package.json`, JSON.stringify({ name: 'reload-bench', version: '1.0.0', type: 'module' }));
  writeFileSync(
    `${dir}/tsconfig.json`,
    JSON.stringify({
      compilerOptions: { experimentalDecorators: true, emitDecoratorMetadata: true, useDefineForClassFields: false },
    }),
  );
  const ids = Array.from({ length: TOOLS }, (_, i) => i);
  for (const i of ids) writeFileSync(`${dir}/src/tools/tool-${i}.ts`, toolSource(i, 0));
  writeFileSync(
    `${dir}/src/server.ts`,
    [
      "import 'reflect-metadata';",
      "import { McpApp } from '@decorum/core';",
      ...ids.map((i) => `import { Tool${i} } from './tools/tool-${i}.js';`),
      '',
      `const app = new McpApp({ name: 'reload-bench', version: '1.0.0', providers: [${ids.map((i) => `Tool${i}`).join(', ')}] });`,
      'await app.listen({ stdio: true });',
      '',
    ].join('\n'),
  );
}

/** A stdio JSON-RPC peer of the dev process: requests, and a wait for the next list_changed. */
function client(child) {
  let buffer = '';
  let nextId = 0;
  const pending = new Map();
  const changed = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffer += chunk;
    for (let nl = buffer.indexOf('\n'); nl !== -1; nl = buffer.indexOf('\n')) {
      const message = JSON.parse(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
      if (message.id !== undefined) pending.get(message.id)?.(message);
      else if (message.method === 'notifications/tools/list_changed') changed.shift()?.(performance.now());
    }
  });
  const send = (message) => child.stdin.write(`${JSON.stringify(message)}\n`);
  return {
    request: (method, params = {}) =>
      new Promise((resolve) => {
        const id = ++nextId;
        pending.set(id, resolve);
        send({ jsonrpc: '2.0', id, method, params });
      }),
    notify: (method) => send({ jsonrpc: '2.0', method }),
    nextChange: () => new Promise((resolve) => changed.push(resolve)),
  };
}

/** Median and spread of `rounds` reloads (file written → list_changed received), in ms. */
export async function measureReload({ rounds = 15 } = {}, log = () => {}) {
  const dir = `${ROOT}bench/.build/reload-project`;
  writeProject(dir);
  const child = spawn(process.execPath, [CLI, 'dev', '--stdio', '--no-typecheck'], {
    cwd: dir,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const lines = [];
  child.stderr.setEncoding('utf8').on('data', (chunk) => lines.push(...chunk.split('\n').filter(Boolean)));
  const peer = client(child);
  try {
    const init = await peer.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'reload-bench', version: '1' },
    });
    if (!init.result) throw new Error(`decorum dev did not initialize: ${JSON.stringify(init)}\n${lines.join('\n')}`);
    peer.notify('notifications/initialized');
    const samples = [];
    for (let round = 1; round <= rounds + 2; round++) {
      const i = round % TOOLS;
      const change = peer.nextChange();
      const written = performance.now();
      writeFileSync(`${dir}/src/tools/tool-${i}.ts`, toolSource(i, round));
      const ms = (await change) - written;
      const list = await peer.request('tools/list');
      const tool = list.result.tools.find((t) => t.name === `tool-${i}`);
      if (tool?.description !== `Tool ${i}, version ${round}`) throw new Error(`round ${round}: stale tools/list`);
      if (round > 2) samples.push(ms); // the first reloads warm up SWC and the module graph
      // Let the watcher's quiet period pass so the next write is its own reload.
      await new Promise((resolve) => setTimeout(resolve, 120));
    }
    samples.sort((a, b) => a - b);
    const at = (q) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))];
    const result = { tools: TOOLS, rounds, medianMs: at(0.5), p90Ms: at(0.9), minMs: samples[0], maxMs: at(1) };
    const reported = lines.filter((l) => /reloaded in/.test(l)).slice(-1)[0];
    log(`dev reload: median ${result.medianMs.toFixed(0)} ms (p90 ${result.p90Ms.toFixed(0)}) — last: ${reported}`);
    return result;
  } finally {
    child.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === new URL(process.argv[1], 'file://').href) {
  const at = process.argv.indexOf('--rounds');
  const result = await measureReload({ rounds: at > 0 ? Number(process.argv[at + 1]) : 15 }, console.log);
  console.log(JSON.stringify(result));
}
