// The load client of bench/runtimes.mjs against Decorum's own Node serving (serveHttp, the server behind
// `app.listen({ http })`): it keeps one keep-alive socket per call in flight, and the server answers each call in
// one TCP write (headers and body together, so Nagle's algorithm and delayed ACKs have nothing to hold back).
// Counted, never timed: connections accepted, socket writes and responses per connection.
import 'reflect-metadata';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadClient, runLoad } from '../../bench/lib/runtime-load.mjs';
import { Arg, McpApp, Tool } from '../../packages/core/src/index.js';
import { type HttpServing, serveHttp } from '../../packages/protocol/src/node/serve-http.js';

class EchoTools {
  @Tool({ description: 'Echoes its text' })
  echo(@Arg('text') text: string): string {
    return `echo: ${text}`;
  }
}

/** Per accepted connection: the responses it carried and the writes its socket made. */
interface Traffic {
  responses: number;
  writes: number;
}

let app: McpApp;
let serving: HttpServing;
const connections = new Map<Socket, Traffic>();

beforeAll(async () => {
  app = new McpApp({ name: 'load', version: '1.0.0', providers: [EchoTools] });
  serving = await serveHttp(app.server, { port: 0 });
  const { server } = serving.listener;
  server.on('connection', (socket: Socket) => {
    const traffic = { responses: 0, writes: 0 };
    connections.set(socket, traffic);
    // Every write of a net.Socket (write or writev) goes through _writeGeneric: one call, one send to the kernel.
    const internal = socket as unknown as { _writeGeneric: (...args: unknown[]) => unknown };
    const write = internal._writeGeneric;
    internal._writeGeneric = function (this: Socket, ...args: unknown[]) {
      traffic.writes++;
      return write.apply(this, args);
    };
  });
  server.on('request', (req) => {
    const traffic = connections.get(req.socket as Socket);
    if (traffic) traffic.responses++;
  });
});
afterAll(async () => {
  await serving.close();
  await app.close();
});

describe('bench/runtimes.mjs load client on Node serving', () => {
  it('uses one keep-alive connection per call in flight, each answer one write', async () => {
    const client = loadClient(serving.url, { concurrency: 8 });
    try {
      await client.initialize();
      let seen = 0;
      const { done } = await runLoad(
        async () => {
          const result = await client.call({ name: 'echo', arguments: { text: 'hi' } });
          expect(result).toEqual({ content: [{ type: 'text', text: 'echo: hi' }] });
          seen++;
        },
        { concurrency: 8, calls: 400 },
      );
      expect(done).toBe(400);
      expect(seen).toBe(400);
    } finally {
      client.close();
    }
    // initialize, notifications/initialized and 400 calls.
    const traffic = [...connections.values()];
    expect(traffic.reduce((sum, t) => sum + t.responses, 0)).toBe(402);
    expect(traffic.length).toBeLessThanOrEqual(8);
    for (const t of traffic) expect(t.writes).toBe(t.responses);
  });
});
