// An event store that fails (a shared store that is down) never fails a call nor leaves it
// unanswered (#19 items 9, 10): what cannot be stored goes out live, without an event id, and the
// outage is logged once, with a summary once the store works again. Official client, real HTTP.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryEventStore, type StoredMessage } from '../../src/index.js';
import { type HttpServing, serveHttp } from '../../src/node.js';
import { createFixtureServer, type FixtureProbe } from '../fixtures/fixture-server.js';

/** An in-memory store that can be taken down: every call then rejects, as a lost Redis would. */
class FlakyEventStore extends InMemoryEventStore {
  down = false;
  private standaloneOpened!: () => void;
  /** Resolves once a GET stream stored its priming event (the stream is open). */
  readonly getStreamOpen = new Promise<void>((resolve) => {
    this.standaloneOpened = resolve;
  });

  override append(sessionId: string, streamId: string, message: StoredMessage): Promise<string> {
    if (this.down) return Promise.reject(new Error('store unreachable'));
    if (streamId.startsWith('s') && message === null) this.standaloneOpened();
    return super.append(sessionId, streamId, message);
  }
}

describe('Streamable HTTP with an event store that is down', () => {
  let serving: HttpServing | undefined;
  let client: Client | undefined;
  afterEach(async () => {
    await client?.close();
    await serving?.close();
  });

  async function start() {
    const probe: FixtureProbe = { cancelled: [], logged: [] };
    const store = new FlakyEventStore();
    serving = await serveHttp(createFixtureServer(probe), { eventStore: store, health: false });
    client = new Client({ name: 'outage', version: '1.0.0' });
    const changes: unknown[] = [];
    let changed!: () => void;
    const firstChange = new Promise<void>((resolve) => {
      changed = resolve;
    });
    client.setNotificationHandler(ToolListChangedNotificationSchema, (n) => {
      changes.push(n);
      changed();
    });
    await client.connect(new StreamableHTTPClientTransport(serving.url));
    const progressCall = async () => {
      const progress: number[] = [];
      const result = await (client as Client).callTool({ name: 'progress', arguments: {} }, undefined, {
        onprogress: (p) => void progress.push(p.progress),
        timeout: 5_000,
      });
      return { result, progress };
    };
    return { store, logged: probe.logged as string[], changes, firstChange, progressCall };
  }

  it('answers a tool that reports progress: the progress and the result go out live, the call does not fail', async () => {
    const { store, logged, progressCall } = await start();
    await store.getStreamOpen; // the GET stream opened before the outage: only the calls' streams count
    store.down = true;
    for (let call = 0; call < 2; call++) {
      const { result, progress } = await progressCall();
      expect(result.isError).not.toBe(true);
      expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
      expect(progress).toEqual([1, 2, 3]);
    }
    // One line for the whole outage, however many events it cost; nothing about unsent responses.
    expect(logged.filter((line) => line.includes('event store unavailable (store unreachable)'))).toHaveLength(1);
    expect(logged.filter((line) => line.includes('could not send a response'))).toEqual([]);

    store.down = false;
    await progressCall();
    const summaries = logged.filter((line) => line.includes('event store available again'));
    expect(summaries).toHaveLength(1);
    // Two calls: each a priming event not stored, three progress notifications and a result.
    expect(summaries[0]).toMatch(/during the outage: 2 streams not resumable, 8 events sent without being stored/);
  });

  it("delivers a message for the session's GET stream live while the store is down", async () => {
    const { store, changes, firstChange } = await start();
    await store.getStreamOpen;
    store.down = true;
    const changed = await (client as Client).callTool({ name: 'change-tools', arguments: {} });
    expect(changed.content).toEqual([{ type: 'text', text: 'changed' }]);
    await firstChange; // on the GET stream, without an id
    await (client as Client).listTools();
    expect(changes).toHaveLength(1);
  });

  it('opens a GET stream while the store is down (not resumable: no priming id) and carries messages on it', async () => {
    const { store, firstChange } = await start();
    store.down = true;
    await (client as Client).callTool({ name: 'change-tools', arguments: {} });
    await firstChange; // queued for the GET stream, then sent on it once it opened
  });
});
