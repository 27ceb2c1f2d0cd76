import { describe, expect, it } from 'vitest';
import { createLinkedTransports } from '../src/index.js';

describe('@decorum/testing entry', () => {
  it('provides linked in-memory transports', async () => {
    const [a, b] = createLinkedTransports();
    const got = new Promise((resolve) => {
      b.onmessage = resolve;
    });
    await b.start();
    await a.send({ jsonrpc: '2.0', method: 'ping', id: 1 });
    expect(await got).toEqual({ jsonrpc: '2.0', method: 'ping', id: 1 });
  });
});
