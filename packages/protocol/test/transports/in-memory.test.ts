import { describe, expect, it } from 'vitest';
import { createLinkedTransports } from '../../src/transports/in-memory.js';

describe('createLinkedTransports', () => {
  it('delivers what one end sends to the other, queued until start', async () => {
    const [a, b] = createLinkedTransports();
    const received: unknown[] = [];
    b.onmessage = (value) => received.push(value);
    await a.send({ jsonrpc: '2.0', method: 'ping', id: 1 });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(received).toEqual([]);
    await b.start();
    expect(received).toEqual([{ jsonrpc: '2.0', method: 'ping', id: 1 }]);
  });

  it('closes both ends once', async () => {
    const [a, b] = createLinkedTransports();
    let closes = 0;
    a.onclose = () => closes++;
    b.onclose = () => closes++;
    await a.close();
    await b.close();
    expect(closes).toBe(2);
    await expect(a.send({ jsonrpc: '2.0', method: 'x' })).rejects.toThrow(/closed/);
  });
});
