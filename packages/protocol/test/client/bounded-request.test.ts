// fetchBounded (@decorum/protocol/fetch), the one outgoing request under every rule at once, with fetches that do not
// help: one that ignores its abort signal (a proxy's, a test's) must still have its body cut off at the deadline and
// at the size limit, and a failed connection must not put the fetch's own message in the error.
import { describe, expect, it } from 'vitest';
import {
  AnswerTooLargeError,
  fetchBounded,
  RedirectRefusedError,
  UpstreamClosedError,
  UpstreamError,
  UpstreamTimeoutError,
} from '../../src/fetch.js';

/** A body that yields `chunks` chunks then stays open forever; `cancelled` resolves when the reader cancels it. */
function endlessBody(chunks: number) {
  let sent = 0;
  let onCancel: () => void = () => {};
  const cancelled = new Promise<void>((resolve) => {
    onCancel = resolve;
  });
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ < chunks) controller.enqueue(new Uint8Array(1024));
      else return new Promise<void>(() => {}); // never another chunk
    },
    cancel: () => onCancel(),
  });
  return { body, cancelled };
}

describe('fetchBounded', () => {
  it('cuts a body that stalls after its headers at the deadline, even through a fetch that ignores the signal', async () => {
    const { body, cancelled } = endlessBody(1);
    const deaf: typeof fetch = async () => new Response(body, { status: 200 });
    const failure = await fetchBounded(
      deaf,
      'https://idp.example/token',
      {},
      {
        maxBytes: 1 << 20,
        timeoutMs: 50,
        what: 'the token answer',
      },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamTimeoutError);
    expect(failure).toBeInstanceOf(UpstreamError);
    await cancelled;
  });

  it('cuts a body at the size limit and cancels it', async () => {
    const { body, cancelled } = endlessBody(1_000_000);
    const failure = await fetchBounded(
      async () => new Response(body),
      'https://idp.example/jwks',
      {},
      {
        maxBytes: 8 * 1024,
        timeoutMs: 60_000,
        what: 'the key set',
      },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnswerTooLargeError);
    await cancelled;
  });

  it('refuses a redirect to another origin without calling it, and follows one within the origin', async () => {
    const calls: string[] = [];
    const doFetch: typeof fetch = async (input) => {
      const url = new URL(String(input));
      calls.push(url.href);
      if (url.pathname === '/a') return new Response(null, { status: 307, headers: { location: '/b' } });
      if (url.pathname === '/b')
        return new Response(null, { status: 307, headers: { location: 'https://evil.example/c?secret=1' } });
      return new Response('{}');
    };
    const failure = await fetchBounded(
      doFetch,
      'https://idp.example/a',
      { method: 'POST', body: 'x=1' },
      {
        maxBytes: 1024,
        timeoutMs: 60_000,
        what: 'the token answer',
      },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(RedirectRefusedError);
    expect((failure as Error).message).not.toContain('secret=1');
    expect(calls).toEqual(['https://idp.example/a', 'https://idp.example/b']);
  });

  it('turns a failed connection into UpstreamClosedError without the fetch’s own message', async () => {
    const failing: typeof fetch = async () => {
      throw new TypeError('fetch failed: connect ECONNREFUSED 10.0.0.7:443 client_secret=hunter2');
    };
    const failure = await fetchBounded(
      failing,
      'https://idp.example/token',
      {},
      {
        maxBytes: 1024,
        timeoutMs: 60_000,
        what: 'the token answer',
      },
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UpstreamClosedError);
    expect((failure as Error).message).not.toContain('hunter2');
  });

  it("rejects with the caller's own abort reason", async () => {
    const caller = new AbortController();
    const reason = new Error('the user went away');
    const { body } = endlessBody(0);
    const pending = fetchBounded(
      async () => new Response(body),
      'https://idp.example/x',
      { signal: caller.signal },
      {
        maxBytes: 1024,
        timeoutMs: 60_000,
        what: 'x',
      },
    );
    caller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });
});
