// #19 item 7: a shared key source that announces rotations (`watch`) is followed at once, and while
// the source cannot be reached (a refetch during a store outage) the keys fetched before still work.
import { describe, expect, it } from 'vitest';
import { type RequestStateKeySource, RequestStateSigner } from '../../src/engine/modern/request-state.js';

const first = new Uint8Array(32).fill(1);
const second = new Uint8Array(32).fill(2);
const payload = () => ({ method: 'tools/call', digest: 'd', exp: Date.now() + 60_000, answers: {} });
const expected = { method: 'tools/call', digest: 'd' };

function watchedSource() {
  const state: { keys: Uint8Array[]; failing: boolean; changed: () => void } = {
    keys: [first],
    failing: false,
    changed: () => undefined,
  };
  const source: RequestStateKeySource = Object.assign(
    async () => {
      if (state.failing) throw new Error('store down');
      return state.keys;
    },
    {
      watch: (listener: () => void) => {
        state.changed = listener;
        return () => undefined;
      },
    },
  );
  return { state, source };
}

describe('requestState keys from a watched source', () => {
  it('signs with the rotated key from the next use on, without waiting for a failed verify', async () => {
    const { state, source } = watchedSource();
    const signer = new RequestStateSigner({ keys: source });
    const before = await signer.sign(payload());
    state.keys = [second, first];
    state.changed(); // the rotation is published
    const after = await signer.sign(payload());
    const onlyNewest = new RequestStateSigner({ keys: [second] });
    await expect(onlyNewest.verify(after, expected)).resolves.toMatchObject(expected);
    await expect(onlyNewest.verify(before, expected)).rejects.toThrow(/signature does not verify/);
    await expect(signer.verify(before, expected)).resolves.toMatchObject(expected); // the overlap
  });

  it('keeps the keys it had while a refetch fails, and tries the source again later', async () => {
    const { state, source } = watchedSource();
    const signer = new RequestStateSigner({ keys: source });
    const before = await signer.sign(payload());
    state.failing = true;
    state.changed(); // e.g. the pub/sub connection came back before the command one
    const during = await signer.sign(payload());
    await expect(signer.verify(before, expected)).resolves.toMatchObject(expected);
    await expect(signer.verify(during, expected)).resolves.toMatchObject(expected);
    // With nothing fetched ever, the failure is the request's.
    await expect(new RequestStateSigner({ keys: source }).sign(payload())).rejects.toThrow('store down');
  });
});
