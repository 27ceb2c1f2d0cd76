// The SSE reader: the WHATWG format, linear work in the size of the input, and a bound on one event.
import { describe, expect, it } from 'vitest';
import { type ReadSseEvent, readSse, type SseReadStats } from '../../src/client/sse-reader.js';
import { AnswerTooLargeError } from '../../src/client/upstream-error.js';

const MiB = 1024 * 1024;

function bodyOf(chunks: (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = chunks[i++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    },
  });
}

/** One event whose data is `size` bytes, cut in 64 KiB chunks. */
function bigEvent(size: number): Uint8Array[] {
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  const chunks = [new TextEncoder().encode('data: ')];
  for (let sent = 0; sent < size; sent += chunk.length) chunks.push(chunk);
  chunks.push(new TextEncoder().encode('\n\n'));
  return chunks;
}

async function readAll(body: ReadableStream<Uint8Array>, options?: Parameters<typeof readSse>[1]) {
  const events: ReadSseEvent[] = [];
  for await (const event of readSse(body, options)) events.push(event);
  return events;
}

describe('readSse', () => {
  it('reads fields, multi-line data, comments and every line end, split anywhere', async () => {
    const text = ': hello\r\nid: 1\rdata: a\r\ndata:b\n\nevent: x\nretry: 20\ndata\n\n';
    // Every split point, including between a CR and its LF.
    for (let cut = 0; cut <= text.length; cut++) {
      const events = await readAll(bodyOf([text.slice(0, cut), text.slice(cut)]));
      expect(events).toEqual([
        { id: '1', data: 'a\nb' },
        { event: 'x', retry: 20, data: '' },
      ]);
    }
  });

  it('does work linear in the size of an event (4 MiB and 16 MiB in 64 KiB chunks)', async () => {
    const work = async (size: number) => {
      const stats: SseReadStats = { work: 0 };
      const events = await readAll(bodyOf(bigEvent(size)), { maxEventBytes: 32 * MiB, stats });
      expect(events[0]?.data.length).toBe(size);
      return stats.work;
    };
    const small = await work(4 * MiB);
    const large = await work(16 * MiB);
    // Each character is scanned once, joined once into its line and once into its event's data.
    expect(small).toBeGreaterThanOrEqual(4 * MiB);
    expect(small).toBeLessThanOrEqual(4 * 4 * MiB);
    expect(large).toBeLessThanOrEqual(4 * 16 * MiB);
    expect(large / small).toBeLessThan(4.5);
  });

  it('refuses an event over its limit and cancels the body', async () => {
    let cancelled = false;
    const chunks = bigEvent(2 * MiB);
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks[i++];
        if (chunk === undefined) controller.close();
        else controller.enqueue(chunk);
      },
      cancel() {
        cancelled = true;
      },
    });
    await expect(readAll(body, { maxEventBytes: MiB })).rejects.toBeInstanceOf(AnswerTooLargeError);
    expect(cancelled).toBe(true);
    expect(i).toBeLessThan(chunks.length / 2 + 2);
  });
});
