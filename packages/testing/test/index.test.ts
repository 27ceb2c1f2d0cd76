import { describe, expect, it } from 'vitest';
import * as testing from '../src/index.js';

describe('@decorum/testing entry', () => {
  it('exports the client, its helpers, and the in-memory transport pair', () => {
    expect(Object.keys(testing).sort()).toEqual([
      'ERAS',
      'NotificationLog',
      'TestClient',
      'TestSubscription',
      'TestTask',
      'createLinkedTransports',
      'createTestClient',
      'override',
      'renderToolsSnapshot',
    ]);
  });

  it('still provides linked in-memory transports', async () => {
    const [a, b] = testing.createLinkedTransports();
    const got = new Promise((resolve) => {
      b.onmessage = resolve;
    });
    await b.start();
    await a.send({ jsonrpc: '2.0', method: 'ping', id: 1 });
    expect(await got).toEqual({ jsonrpc: '2.0', method: 'ping', id: 1 });
  });
});
