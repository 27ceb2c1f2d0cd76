// A lean closed-loop stdio client, the pattern of the outside harness of issue 35: N requests pipelined on one
// pipe, each answer at once replaced by the next request, and every frame issued in one event-loop turn written in
// one write (setImmediate). No promise, no timer and no latency sample per call: the client spends little CPU per
// call, so the figure follows the server's own cost (where bench/lib/spawn-server.mjs's RpcClient, a promise and a
// latency sample per call, spends more per call than the floor does and evens the ratios out).
import { callParams, EXPECTED_TEXT } from './messages.mjs';

const PARAMS = JSON.stringify(callParams);

/**
 * Attaches to a spawned stdio server (`spawnServer(impl, { flush: 'tick' })`): takes over its stdout, and gives
 * `run(concurrency, ms)`, which keeps `concurrency` tools/call in flight for `ms` and resolves with the calls done.
 */
export function pipelinedClient(server) {
  const { child } = server;
  const stdout = child.stdout;
  // The RpcClient's line reader stops here: from now on this client reads the pipe itself.
  stdout.removeAllListeners('data');
  let nextId = 1_000_000;
  let out = '';
  let end = 0;
  let inFlight = 0;
  let done = 0;
  let finish = () => {};
  let rest = '';
  const write = () => {
    child.stdin.write(out);
    out = '';
  };
  const send = () => {
    if (out === '') setImmediate(write);
    out += `{"jsonrpc":"2.0","id":${nextId++},"method":"tools/call","params":${PARAMS}}\n`;
    inFlight++;
  };
  stdout.on('data', (chunk) => {
    let text = rest + chunk.toString('utf8');
    let from = 0;
    let nl = text.indexOf('\n');
    while (nl >= 0) {
      const answer = JSON.parse(text.slice(from, nl));
      if (answer.result?.content?.[0]?.text !== EXPECTED_TEXT) {
        throw new Error(`unexpected answer: ${text.slice(from, nl).slice(0, 300)}`);
      }
      inFlight--;
      done++;
      if (performance.now() < end) send();
      from = nl + 1;
      nl = text.indexOf('\n', from);
    }
    rest = text.slice(from);
    text = '';
    if (inFlight === 0) finish();
  });
  return {
    /** Keeps `concurrency` calls in flight for `ms`; resolves with the calls answered. */
    run(concurrency, ms) {
      return new Promise((resolve) => {
        done = 0;
        end = performance.now() + ms;
        finish = () => resolve(done);
        for (let i = 0; i < concurrency; i++) send();
      });
    },
  };
}

const ownCpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/**
 * One round of lean pipelined clients taking turns in slices (A B, B A, …), as runInterleaved does for the other
 * cells: per client, calls/s over its measured slices, every call it made (warm-up slices included) and the
 * client's own CPU (µs) over its slices. No latency figures: the lean client takes no sample per call.
 */
export async function runPipelinedInterleaved(clients, { concurrency, durationMs, slices, sliceWarmupMs }) {
  const measured = clients.map(() => ({ ms: 0, calls: 0, all: 0, clientUs: 0 }));
  const order = clients.map((_, i) => i);
  for (let slice = 0; slice < slices; slice++) {
    for (const i of slice % 2 === 0 ? order : [...order].reverse()) {
      const cpu0 = ownCpuUs();
      measured[i].all += await clients[i].run(concurrency, sliceWarmupMs);
      const start = performance.now();
      const calls = await clients[i].run(concurrency, durationMs / slices);
      measured[i].ms += performance.now() - start;
      measured[i].calls += calls;
      measured[i].all += calls;
      measured[i].clientUs += ownCpuUs() - cpu0;
    }
  }
  return measured.map((m) => ({
    calls: m.calls,
    throughput: m.calls / (m.ms / 1000),
    p50: Number.NaN,
    p99: Number.NaN,
    all: m.all,
    clientUs: m.clientUs,
  }));
}
