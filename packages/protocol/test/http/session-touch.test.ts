// A shared session served only from instances' copies (no reads, no writes) must not expire from
// the store while in use: its record is touched at most once a minute.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InMemoryEventStore, ProtocolServer, StreamableHttpHandler } from '../../src/index.js';
import { createScaleOut, InMemorySessionStore, type SessionStore } from '../../src/scale-out.js';
import { initializeBody, post } from './http-client.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('a shared session in use', () => {
  it('keeps its stored record from expiring: touched at most once a minute while requests are served', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // only the clock: I/O and timers stay real
    const backing = new InMemorySessionStore();
    const touched: string[] = [];
    const sessionStore: SessionStore = {
      get: (id) => backing.get(id),
      update: (id, change, create) => backing.update(id, change, create),
      delete: (id) => backing.delete(id),
      touch: async (id) => {
        touched.push(id);
      },
    };
    const scaleOut = createScaleOut({
      sessionStore,
      eventStore: new InMemoryEventStore(),
      bus: { publish: async () => undefined, subscribe: () => () => undefined },
    });
    const http = new StreamableHttpHandler(new ProtocolServer({ serverInfo: { name: 'touch', version: '1' } }), {
      scaleOut,
    });
    const opened = await http.handle(post(initializeBody()));
    const id = opened.headers.get('mcp-session-id') as string;
    const headers = { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' };
    const ping = async () => (await http.handle(post({ jsonrpc: '2.0', id: 2, method: 'ping' }, headers))).status;
    expect(await ping()).toBe(200);
    expect(touched).toEqual([]); // just written
    vi.setSystemTime(Date.now() + 61_000);
    expect(await ping()).toBe(200);
    expect(await ping()).toBe(200);
    expect(touched).toEqual([id]);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await ping()).toBe(200);
    expect(touched).toEqual([id, id]);
    await http.close();
  });
});
