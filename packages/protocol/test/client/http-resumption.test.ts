// Resumption against our own engine: the server closes a call's SSE stream mid-way (ctx.closeSseStream), the client
// reconnects with GET + Last-Event-ID and receives the rest — the log after the drop and the result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectHttp } from '../../src/client.js';
import { type HttpServing, serveHttp } from '../../src/node.js';
import { createFixtureServer } from '../fixtures/fixture-server.js';

describe('Streamable HTTP resumption (legacy era)', () => {
  let serving: HttpServing;
  const requests: { method: string; lastEventId: string | null }[] = [];
  const recording: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    requests.push({ method: init?.method ?? 'GET', lastEventId: headers.get('last-event-id') });
    return fetch(input, init);
  };

  beforeAll(async () => {
    serving = await serveHttp(createFixtureServer(), { port: 0 });
  });
  afterAll(() => serving.close());

  it('resumes a call whose stream the server closed', async () => {
    const client = await connectHttp(serving.url, { logLevel: 'info', fetch: recording });
    const logs: unknown[] = [];
    client.on('log', (entry) => logs.push(entry.data));
    expect((await client.callTool('drop-stream')).content).toEqual([{ type: 'text', text: 'resumed' }]);
    expect(logs).toEqual(['before drop', 'after drop']);
    expect(requests.some((r) => r.method === 'GET' && r.lastEventId !== null)).toBe(true);
    await client.close();
    expect(requests.at(-1)?.method).toBe('DELETE');
  });
});
