// `node bench/tasks-overhead.mjs [--calls 2000] [--warmup 10000] [--modern]`: what turning tasks on costs a tool
// without task support (issue 35: within 5% of tasks off), as instructions per tools/call counted by callgrind
// (bench/lib/callgrind.mjs; the count does not move with the machine's load the way time does). The same app
// (bench/servers/tasks-app.ts, run from the sources) serves the bench's `forecast` tool over stdio with tasks off,
// then with `tasks: {}`; 32 calls in flight. `--modern`: every call carries the 2026-07-28 envelope (no tasks
// extension declared). The counted guarantee per call (one request context, no tools list, the synchronous path)
// is packages/protocol/test/engine/extension-seam.test.ts; this gives the figure.
import { createInterface } from 'node:readline';
import { requireValgrind, spawnCounted, totalOf } from './lib/callgrind.mjs';
import { runCount } from './lib/load.mjs';
import { callParams, checkCall, initializeParams, MODERN_VERSION } from './lib/messages.mjs';
import { RpcClient } from './lib/rpc-client.mjs';

const argv = process.argv.slice(2);
const opt = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const calls = Number(opt('--calls', '2000'));
const warmup = Number(opt('--warmup', '10000'));
const modern = argv.includes('--modern');
const SERVER = ['--conditions=@decorum/source', '--import', '@decorum/cli/register', 'bench/servers/tasks-app.ts'];
const params = modern
  ? {
      ...callParams,
      _meta: {
        'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': initializeParams.clientInfo,
      },
    }
  : callParams;

/** Instructions per call of the app with tasks on or off. */
async function count(tasks) {
  const counted = spawnCounted([...SERVER, ...(tasks ? ['--tasks'] : [])], ['pipe', 'pipe', 'inherit']);
  const { child } = counted;
  // Writes batched per microtask turn, as bench/lib/spawn-server.mjs does.
  let out = '';
  const rpc = new RpcClient((message) => {
    if (out === '')
      queueMicrotask(() => {
        child.stdin.write(out);
        out = '';
      });
    out += `${JSON.stringify(message)}\n`;
  });
  createInterface({ input: child.stdout }).on('line', (line) => rpc.receive(JSON.parse(line)));
  try {
    const init = await rpc.request('initialize', initializeParams);
    if (!init.result) throw new Error('initialize failed');
    rpc.notify('notifications/initialized');
    const call = async () => checkCall(await rpc.request('tools/call', params));
    await runCount(call, { concurrency: 32, count: warmup });
    const dump = await counted.measure(
      () => runCount(call, { concurrency: 32, count: 500 }),
      () => runCount(call, { concurrency: 32, count: calls }),
    );
    return totalOf(dump.file) / calls;
  } finally {
    child.stdin.end();
    await new Promise((resolve) => child.once('exit', resolve));
    counted.cleanup();
  }
}

requireValgrind();
const off = await count(false);
const on = await count(true);
const revision = modern ? MODERN_VERSION : initializeParams.protocolVersion;
process.stdout.write(
  '| revision | tasks-off instructions/call | tasks-on, tool without task support | on / off |\n' +
    '| --- | --- | --- | --- |\n' +
    `| ${revision} (stdio, 32 in flight) | ${Math.round(off)} | ${Math.round(on)} | ${(on / off).toFixed(3)}× |\n`,
);
