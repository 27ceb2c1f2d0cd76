import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeSseEvent, SseConnection } from '../../src/http/sse.js';

afterEach(() => {
  vi.useRealTimers();
});

async function readText(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  const { value } = await reader.read();
  return new TextDecoder().decode(value);
}

describe('SSE', () => {
  it('encodes id, event, retry and data lines', () => {
    expect(encodeSseEvent({ id: 's.1', event: 'message', retry: 500, data: '{"a":1}' })).toBe(
      'id: s.1\nevent: message\nretry: 500\ndata: {"a":1}\n\n',
    );
  });

  it('sends comment keep-alives on an idle connection, and stops them when the client goes away', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const connection = new SseConnection(15_000);
    let closed = 0;
    connection.onclose = () => closed++;
    const reader = connection.stream.getReader();
    vi.advanceTimersByTime(15_000);
    expect(await readText(reader)).toBe(': keep-alive\n\n');
    await reader.cancel();
    expect(connection.closed).toBe(true);
    expect(closed).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(connection.send({ data: 'late' })).toBe(false);
  });
});
