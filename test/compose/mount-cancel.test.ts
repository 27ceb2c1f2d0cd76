// Cancellation reaches every upstream in every mode (#36): a downstream client cancels a call of a mounted tool, and
// the mounted server's handler is aborted — through a hub with tasks off and on, over HTTP (a Decorum server) and
// stdio (the official SDK's server), for a plain tool and a task-capable one called plainly.
import { http, McpApp, type Mount, stdio } from '@decorum/core';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deferred, serveWaiter, type Waiter } from './mount-support.js';

const QUESTIONS = new URL('./fixtures/questions-server.mjs', import.meta.url).pathname;

let waiterApp: McpApp;
let waiter: Waiter;
let waiterUrl: URL;

beforeAll(async () => {
  ({ app: waiterApp, waiter, url: waiterUrl } = await serveWaiter());
});
afterAll(async () => {
  await waiterApp?.close();
});

describe.each([false, true])('a hub with tasks %s', (tasks) => {
  let hub: McpApp;
  let client: Client;

  beforeAll(async () => {
    const mounts: Mount[] = [
      { prefix: 'w', server: http(waiterUrl) },
      { prefix: 'q', server: stdio(process.execPath, [QUESTIONS], { stderr: 'ignore' }) },
    ];
    hub = new McpApp({ name: 'hub', version: '1.0.0', providers: [], mounts, ...(tasks && { tasks: {} }) });
    const { url } = await hub.listen({ http: { port: 0 } });
    client = new Client({ name: 'cancel', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(url as URL));
  });
  afterAll(async () => {
    await client?.close();
    await hub?.close();
  });

  it('forwards a cancelled call to an HTTP upstream', async () => {
    const expected = waiter.expectCall();
    const abort = new AbortController();
    const call = client.callTool({ name: 'w_wait', arguments: {} }, undefined, { signal: abort.signal });
    await expected.started;
    abort.abort('the user gave up');
    await expect(call).rejects.toThrow();
    expect(await expected.cancelled.promise).toBeTruthy();
  });

  it('forwards a cancelled call to a stdio upstream', async () => {
    const count = async () =>
      Number(((await client.callTool({ name: 'q_cancelled', arguments: {} })).content as { text: string }[])[0]?.text);
    const before = await count();
    const abort = new AbortController();
    const started = deferred();
    // The wait reports progress once it runs: it is then cancelled.
    const call = client.callTool({ name: 'q_wait', arguments: {} }, undefined, {
      signal: abort.signal,
      onprogress: () => started.resolve(),
    });
    await started.promise;
    abort.abort('the user gave up');
    await expect(call).rejects.toThrow();
    await expect.poll(count, { timeout: 10_000 }).toBe(before + 1);
  });
});
