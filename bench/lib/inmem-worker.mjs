// Child program for the in-memory figures: imports one server module, links it to a client
// through that implementation's own in-memory transport, and prints runLoad results as JSON.
// Usage: node inmem-worker.mjs <server module> <json options>
import { pathToFileURL } from 'node:url';
import { runLoad } from './load.mjs';
import { callParams, checkCall, initializeParams } from './messages.mjs';
import { RpcClient } from './rpc-client.mjs';

const [file, json] = process.argv.slice(2);
const { concurrencies, durationMs, warmupMs } = JSON.parse(json);
const { inMemory } = await import(pathToFileURL(file).href);
const transport = await inMemory(1);
const rpc = new RpcClient((message) => transport.send(message));
transport.onmessage = (message) => rpc.receive(message);
await transport.start();
await rpc.request('initialize', initializeParams);
rpc.notify('notifications/initialized');
checkCall(await rpc.request('tools/call', callParams));

const results = {};
for (const concurrency of concurrencies) {
  results[concurrency] = await runLoad(() => rpc.request('tools/call', callParams), {
    concurrency,
    durationMs,
    warmupMs,
  });
}
process.stdout.write(JSON.stringify(results));
process.exit(0);
