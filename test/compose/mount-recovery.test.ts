// A mounted process that dies (#24 acceptance): server-everything is killed under a hub; the clients
// are told the tools list changed and no longer see its tools, a call gets a clear error, and once
// the process may start again the mount respawns it and the tools come back (list_changed again).
// The wrapper refuses to start while a gate file exists, so the "down" state lasts as long as the
// test needs instead of a guessed sleep.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http, McpApp, stdio } from '@decorum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestClient, serveWaiter, type TestClient, Waiter, WRAPPER } from './mount-support.js';

const dir = mkdtempSync(join(tmpdir(), 'decorum-mount-'));
const gate = join(dir, 'hold-down');
const pidFile = join(dir, 'pid');

let hub: McpApp;
let clients: TestClient[];

beforeAll(async () => {
  hub = new McpApp({
    name: 'hub',
    version: '1.0.0',
    providers: [],
    mounts: [
      {
        prefix: 'ev',
        server: stdio(process.execPath, [WRAPPER, gate, pidFile], { stderr: 'pipe' }),
        reconnect: { initialDelayMs: 20, maxDelayMs: 200 },
      },
    ],
  });
  const { url } = await hub.listen({ http: { port: 0 } });
  clients = await Promise.all(
    (['v1', 'v2-legacy', 'v2-modern'] as const).map((kind) => connectTestClient(kind, url as URL)),
  );
});

afterAll(async () => {
  await Promise.all(clients?.map((c) => c.close()) ?? []);
  await hub?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Lists until `done` says the list is as expected, waiting for a list_changed between tries. */
async function listUntil(client: TestClient, done: (names: string[]) => boolean): Promise<string[]> {
  for (;;) {
    const change = client.nextToolsChange();
    const names = await client.listToolNames();
    if (done(names)) return names;
    await change;
  }
}

describe('a mounted process that dies', () => {
  it('disappears, answers calls clearly, and comes back once it can start again', async () => {
    for (const client of clients) expect(await client.listToolNames(), client.label).toContain('ev_echo');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    writeFileSync(gate, 'held down by the test');
    const told = clients.map((c) => c.nextToolsChange());
    process.kill(pid, 'SIGKILL');

    // Every client is told (legacy: on its session; modern: on its listen stream), then lists no ev_ tool.
    await Promise.all(told);
    for (const client of clients) {
      const names = await listUntil(client, (n) => !n.includes('ev_echo'));
      expect(
        names.filter((n) => n.startsWith('ev_')),
        client.label,
      ).toEqual([]);
      const result = await client.call('ev_echo', { message: 'anyone?' });
      expect(result.isError, client.label).toBe(true);
      expect((result.content as { text: string }[])[0]?.text, client.label).toMatch(
        /^The mounted server mount "ev" \(node\) is not available \(.*\); reconnecting, try again shortly$/,
      );
    }

    // Let it start again: the mount's next attempt respawns it.
    const back = clients.map((c) => c.nextToolsChange());
    rmSync(gate);
    await Promise.all(back);
    for (const client of clients) {
      await listUntil(client, (n) => n.includes('ev_echo'));
      expect((await client.call('ev_echo', { message: 'back' })).content, client.label).toEqual([
        { type: 'text', text: 'Echo: back' },
      ]);
    }
    expect(Number(readFileSync(pidFile, 'utf8'))).not.toBe(pid);
  });

  it('over HTTP too: a server that stops disappears, and its restart (same port) brings it back', async () => {
    const first = await serveWaiter();
    const port = Number(first.url.port);
    const httpHub = new McpApp({
      name: 'hub',
      version: '1.0.0',
      providers: [],
      mounts: [{ prefix: 'w', server: http(first.url), reconnect: { initialDelayMs: 20, maxDelayMs: 200 } }],
    });
    const { url } = await httpHub.listen({ http: { port: 0 } });
    const client = await connectTestClient('v1', url as URL);
    let restarted: McpApp | undefined;
    try {
      expect(await client.listToolNames()).toEqual(['w_hello', 'w_wait']);
      const gone = client.nextToolsChange();
      await first.app.close();
      await gone;
      expect(await client.listToolNames()).toEqual([]);
      const result = await client.call('w_hello', { name: 'x' });
      expect(result.isError).toBe(true);
      expect((result.content as { text: string }[])[0]?.text).toMatch(
        // Why it is down: the loss, or (once a reconnection was tried) why that failed.
        /is not available \((it went away: .*cannot be reached.*|reconnecting failed: .+)\); reconnecting, try again shortly$/,
      );

      const back = client.nextToolsChange();
      restarted = new McpApp({ name: 'waiter', version: '1', providers: [Waiter] });
      await restarted.listen({ http: { port } });
      await back;
      expect(await listUntil(client, (n) => n.includes('w_hello'))).toEqual(['w_hello', 'w_wait']);
      expect((await client.call('w_hello', { name: 'again' })).content).toEqual([
        { type: 'text', text: 'hello again' },
      ]);
    } finally {
      await client.close();
      await httpHub.close();
      await restarted?.close();
    }
  });
});
