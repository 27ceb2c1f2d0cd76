// Spawns a benchmark server: stdio (an RpcClient over NDJSON) or HTTP (waits for its `URL` line).
// `mem()` reads the server's memory probe (SIGUSR2 → `MEM {...}` on stderr).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { initializeParams, PROTOCOL_VERSION } from './messages.mjs';
import { RpcClient } from './rpc-client.mjs';

export async function spawnServer(
  impl,
  {
    http = false,
    stateless = false,
    tools = 1,
    nodeArgs = [],
    version = PROTOCOL_VERSION,
    args: extra = [],
    flush = 'microtask',
  } = {},
) {
  const args = [...nodeArgs, impl.file, ...extra, ...(http ? ['--http'] : []), ...(stateless ? ['--stateless'] : [])];
  args.push('--tools', String(tools));
  const child = spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
  const waiters = [];
  const stderrTail = [];
  createInterface({ input: child.stderr }).on('line', (line) => {
    const i = waiters.findIndex((w) => line.startsWith(w.prefix));
    if (i >= 0) {
      const [waiter] = waiters.splice(i, 1);
      waiter.resolve(line.slice(waiter.prefix.length));
    } else if (stderrTail.push(line) > 20) stderrTail.shift();
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const nextLine = (prefix) =>
    new Promise((resolve, reject) => {
      waiters.push({ prefix, resolve });
      exited.then((code) => reject(new Error(`${impl.name} exited (${code}): ${stderrTail.join('\n')}`)));
    });

  const handle = {
    impl,
    child,
    /** The server's process.memoryUsage(), after a GC (when it runs with --expose-gc) unless `gc` is false. */
    async mem(gc = true) {
      const line = nextLine('MEM ');
      child.kill(gc ? 'SIGUSR2' : 'SIGWINCH');
      return JSON.parse(await line);
    },
    async stop() {
      // Closing stdin ends every server (a profile is then written); SIGTERM if it lingers.
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGTERM'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
  if (http) {
    handle.url = await nextLine('URL ');
    return handle;
  }
  // Writes are batched: one pipe write for every request issued together. `flush: 'microtask'` writes at the end of
  // the microtask turn, inside the read that freed the slots; `flush: 'tick'` at the end of the event-loop turn
  // (setImmediate), as a client does that coalesces per tick (the outside harness of issue 35): the server's next
  // read then comes after the client's own I/O phase, not within it.
  let out = '';
  const write = () => {
    child.stdin.write(out);
    out = '';
  };
  const schedule = flush === 'tick' ? setImmediate : queueMicrotask;
  const rpc = new RpcClient((message) => {
    if (out === '') schedule(write);
    out += `${JSON.stringify(message)}\n`;
  });
  createInterface({ input: child.stdout }).on('line', (line) => rpc.receive(JSON.parse(line)));
  const init = await rpc.request('initialize', { ...initializeParams, protocolVersion: version });
  if (!init.result) throw new Error(`${impl.name}: initialize failed: ${JSON.stringify(init)}`);
  rpc.notify('notifications/initialized');
  handle.rpc = rpc;
  return handle;
}
