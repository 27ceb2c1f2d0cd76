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
