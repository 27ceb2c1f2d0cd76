// #19: a copy of a shared session held while the bus between instances was away may have missed a
// change or a deletion. After the bus is back (ScaleOut.onResync), each copy is checked against the
// store on its next request: a session deleted meanwhile is 404 there too, a changed one is current.
import { describe, expect, it } from 'vitest';
import {
  type ClusterMessage,
  InMemoryEventStore,
  type NotificationBus,
  ProtocolServer,
  StreamableHttpHandler,
} from '../../src/index.js';
import { createScaleOut, InMemorySessionStore, type SessionStore } from '../../src/scale-out.js';
import { initializeBody, post } from './http-client.js';

/** Two instances' buses joined in memory; `deaf` instances miss what is published meanwhile. */
function joinedBuses(count: number) {
  const listeners: ((message: ClusterMessage) => void)[][] = Array.from({ length: count }, () => []);
  const deaf = new Set<number>();
  const bus = (me: number): NotificationBus => ({
    publish: async (message) => {
      for (const [i, each] of listeners.entries()) {
        if (i !== me && !deaf.has(i)) for (const listener of each) listener(message);
      }
    },
    subscribe: (listener) => {
      listeners[me]?.push(listener);
      return () => undefined;
    },
  });
  return { bus, deaf };
}

describe('session copies after the bus was away', () => {
  it('checks each held copy against the store once the bus is back: a deletion missed meanwhile is seen', async () => {
    const sessionStore = new InMemorySessionStore();
    const eventStore = new InMemoryEventStore();
    const { bus, deaf } = joinedBuses(2);
    const resyncs: (() => void)[] = [];
    const instance = (i: number) => {
      const scaleOut = createScaleOut({
        sessionStore,
        eventStore,
        bus: bus(i),
        onResync: (listener) => {
          resyncs[i] = listener;
          return () => undefined;
        },
      });
      const server = new ProtocolServer({ serverInfo: { name: 'resync', version: '1' } });
      return new StreamableHttpHandler(server, { scaleOut });
    };
    const [a, b] = [instance(0), instance(1)];
    const opened = await a.handle(post(initializeBody()));
    expect(opened.status).toBe(200);
    const headers = {
      'mcp-session-id': opened.headers.get('mcp-session-id') as string,
      'mcp-protocol-version': '2025-11-25',
    };
    const ping = (id: number) => post({ jsonrpc: '2.0', id, method: 'ping' }, headers);
    expect((await b.handle(ping(2))).status).toBe(200); // B holds a copy from now on

    deaf.add(1); // B's bus connection is down: it will not hear of the DELETE
    const deleted = await a.handle(new Request(ping(0).url, { method: 'DELETE', headers }));
    expect(deleted.status).toBe(200);
    expect((await b.handle(ping(3))).status).toBe(200); // the copy cannot know yet
    deaf.delete(1);
    resyncs[1]?.(); // the bus is back
    expect((await b.handle(ping(4))).status).toBe(404);
    await Promise.all([a.close(), b.close()]);
  });

  it('stores a held copy again when the store lost its data (not a deletion): the session lives on', async () => {
    // A store that can "restart without its data".
    let backing = new InMemorySessionStore();
    const sessionStore: SessionStore = {
      get: (id) => backing.get(id),
      update: (id, change, create) => backing.update(id, change, create),
      delete: (id) => backing.delete(id),
    };
    let resync: () => void = () => undefined;
    const scaleOut = createScaleOut({
      sessionStore,
      eventStore: new InMemoryEventStore(),
      bus: joinedBuses(1).bus(0),
      onResync: (listener) => {
        resync = listener;
        return () => undefined;
      },
    });
    const http = new StreamableHttpHandler(new ProtocolServer({ serverInfo: { name: 'lost', version: '1' } }), {
      scaleOut,
    });
    const opened = await http.handle(post(initializeBody()));
    const id = opened.headers.get('mcp-session-id') as string;
    const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
    backing = new InMemorySessionStore();
    resync();
    expect((await http.handle(post({ jsonrpc: '2.0', id: 2, method: 'ping' }, headers))).status).toBe(200);
    expect((await backing.get(id))?.state.protocolVersion).toBe('2025-11-25');
    await http.close();
  });
});
