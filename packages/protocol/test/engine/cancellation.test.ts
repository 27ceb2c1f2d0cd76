import { describe, expect, it } from 'vitest';
import { Cancellation } from '../../src/engine/cancellation.js';
import { Peer } from '../../src/engine/peer.js';
import { McpError } from '../../src/jsonrpc/errors.js';
import { createLinkedTransports } from '../../src/transports/in-memory.js';

describe('Cancellation', () => {
  it('gives an already-aborted signal, with the reason, to whoever looks after the abort', () => {
    const cancellation = new Cancellation();
    const reason = new Error('stop');
    cancellation.abort(reason);
    expect(cancellation.aborted).toBe(true);
    expect(cancellation.signal.aborted).toBe(true);
    expect(cancellation.signal.reason).toBe(reason);
  });

  it('aborts a signal that was taken before the abort, once, with the first reason', () => {
    const cancellation = new Cancellation();
    const signal = cancellation.signal;
    let fired = 0;
    signal.addEventListener('abort', () => fired++);
    const first = new Error('first');
    cancellation.abort(first);
    cancellation.abort(new Error('second'));
    expect(fired).toBe(1);
    expect(signal.reason).toBe(first);
    expect(cancellation.signal).toBe(signal);
  });
});

/** A server peer whose handler waits for `release`, and the raw client end of its transport. */
async function peerWithGate(onDispatch: (cancellation: Cancellation) => void) {
  const [clientEnd, serverEnd] = createLinkedTransports();
  const received: unknown[] = [];
  clientEnd.onmessage = (value) => received.push(value);
  await clientEnd.start();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let seen!: Cancellation;
  const peer = new Peer(serverEnd, {
    async handleRequest(_request, cancellation) {
      seen = cancellation;
      onDispatch(cancellation);
      await gate;
      return {};
    },
  });
  await peer.start();
  const send = (message: Record<string, unknown>) => clientEnd.send({ jsonrpc: '2.0', ...message } as never);
  return { peer, received, release, send, cancellation: () => seen };
}

describe('Peer cancellation of inbound requests', () => {
  it('remembers a cancel for a request nobody took the signal of: the signal is aborted when taken, no response', async () => {
    const t = await peerWithGate(() => undefined);
    await t.send({ id: 1, method: 'slow' });
    await t.send({ method: 'notifications/cancelled', params: { requestId: 1, reason: 'user pressed stop' } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const cancellation = t.cancellation();
    expect(cancellation.aborted).toBe(true);
    expect(cancellation.signal.aborted).toBe(true);
    expect(cancellation.signal.reason).toBeInstanceOf(McpError);
    expect((cancellation.signal.reason as McpError).message).toContain('user pressed stop');
    t.release();
    await t.peer.whenIdle();
    expect(t.received).toEqual([]);
  });

  it('aborts the signal a handler took before the cancel arrived', async () => {
    const reasons: unknown[] = [];
    const t = await peerWithGate((cancellation) => {
      cancellation.signal.addEventListener('abort', () => reasons.push(cancellation.signal.reason));
    });
    await t.send({ id: 'a', method: 'slow' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await t.send({ method: 'notifications/cancelled', params: { requestId: 'a' } });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(reasons).toHaveLength(1);
    expect(reasons[0]).toBeInstanceOf(McpError);
    t.release();
    await t.peer.whenIdle();
    expect(t.received).toEqual([]);
  });

  it('aborts in-flight requests when the connection closes, signal taken or not', async () => {
    const t = await peerWithGate(() => undefined);
    await t.send({ id: 7, method: 'slow' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    await t.peer.close();
    expect(t.cancellation().signal.aborted).toBe(true);
    expect((t.cancellation().signal.reason as Error).message).toBe('Connection closed');
    t.release();
  });

  it('answers a request that was not cancelled', async () => {
    const t = await peerWithGate(() => undefined);
    await t.send({ id: 2, method: 'slow' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    t.release();
    await t.peer.whenIdle();
    expect(t.received).toEqual([{ jsonrpc: '2.0', id: 2, result: {} }]);
    expect(t.cancellation().aborted).toBe(false);
  });
});
