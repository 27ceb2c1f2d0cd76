// #20 item 11: a failed session-store write and a failed notification fan-out are logged, once per
// kind and then at most once a minute, instead of being dropped without a word.
import { describe, expect, it } from 'vitest';
import { RateLimitedWarning } from '../../src/engine/rate-limited-warning.js';
import { type JsonRpcMessage, ProtocolServer, StreamableHttpHandler, type Transport } from '../../src/index.js';
import { createScaleOut } from '../../src/scale-out.js';
import { initializeBody, post } from '../http/http-client.js';

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function capture() {
  const lines: string[] = [];
  const logger = { warn: (message: string) => lines.push(message), error: (message: string) => lines.push(message) };
  return { lines, logger };
}

describe('swallowed errors', () => {
  it('logs a failed session-store write once, however many sessions fail', async () => {
    const { lines, logger } = capture();
    const server = new ProtocolServer({ serverInfo: { name: 's', version: '1' }, logger });
    const failing = {
      get: async () => undefined,
      update: async () => {
        throw new Error('store unreachable');
      },
      delete: async () => {},
    };
    const http = new StreamableHttpHandler(server, { scaleOut: createScaleOut({ sessionStore: failing }) });
    // A session that cannot be stored is not started: 503 with Retry-After (#19), and one log line.
    for (let i = 0; i < 3; i++) {
      const response = await http.handle(post(initializeBody()));
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('1');
    }
    await turn();
    expect(lines).toEqual([expect.stringMatching(/session store unavailable \(store unreachable\)/)]);
    await http.close();
  });

  it('logs a failed notification fan-out', async () => {
    const { lines, logger } = capture();
    const server = new ProtocolServer({ serverInfo: { name: 's', version: '1' }, logger });
    server.setTools({ list: () => [], call: () => ({ content: [] }) });
    let failing = false;
    let failures = 0;
    const transport: Transport = {
      start: async () => {},
      close: async () => {},
      send: async (_message: JsonRpcMessage | JsonRpcMessage[]) => {
        if (!failing) return;
        failures++;
        throw new Error('socket gone');
      },
    };
    await server.connect(transport);
    transport.onmessage?.(initializeBody());
    await turn();
    transport.onmessage?.({ jsonrpc: '2.0', method: 'notifications/initialized' });
    failing = true;
    for (let i = 0; i < 3; i++) server.notifyListChanged('tools');
    await turn();
    expect(failures).toBe(3);
    expect(lines).toEqual([expect.stringMatching(/notification could not be sent to a session: socket gone/)]);
  });

  it('reports again after the interval, with the count it left out', () => {
    const { lines, logger } = capture();
    let now = 0;
    const warnings = new RateLimitedWarning(
      () => logger,
      60_000,
      () => now,
    );
    for (let i = 0; i < 5; i++) warnings.warn('k', 'it failed', new Error('e'));
    now = 60_000;
    warnings.warn('k', 'it failed', new Error('e'));
    warnings.warn('other', 'that failed', 'x');
    expect(lines).toEqual([
      '[decorum] it failed: e',
      '[decorum] it failed: e (4 more since the last report)',
      '[decorum] that failed: x',
    ]);
  });
});
