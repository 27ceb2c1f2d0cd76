// The id of a dropped (oversize) response, read from the ends the line reader keeps: as Decorum writes responses
// (id first) and as the official SDKs do (id last); never from a request, or from an id nested in the result.
import { describe, expect, it } from 'vitest';
import { droppedResponseId } from '../../src/transports/dropped-frame.js';
import { LineReader } from '../../src/transports/line-reader.js';

/** The ends the line reader keeps of `line` when it is over a 64-byte limit, fed in 7-byte chunks. */
function ends(line: string) {
  const dropped: { head: string; tail: string }[] = [];
  const reader = new LineReader(64, { line: () => undefined, oversize: (d) => dropped.push(d), stopped: () => false });
  const bytes = Buffer.from(`${line}\n`);
  for (let i = 0; i < bytes.length; i += 7) reader.push(bytes.subarray(i, i + 7));
  expect(dropped).toHaveLength(1);
  return dropped[0] as { head: string; tail: string };
}

const big = 'x'.repeat(1000);

describe('droppedResponseId', () => {
  it('reads the id at either end of a response', () => {
    expect(droppedResponseId(ends(`{"jsonrpc":"2.0","id":3,"result":{"text":"${big}"}}`))).toBe(3);
    expect(droppedResponseId(ends(`{"result":{"content":[{"text":"${big}"}]},"jsonrpc":"2.0","id":17}`))).toBe(17);
    expect(droppedResponseId(ends(`{"jsonrpc":"2.0","id":"a-1","error":{"code":1,"message":"${big}"}}`))).toBe('a-1');
  });

  it('gives nothing for a request, a notification, or an id that is not the outermost one', () => {
    expect(droppedResponseId(ends(`{"jsonrpc":"2.0","id":4,"method":"x","params":{"t":"${big}"}}`))).toBeUndefined();
    expect(droppedResponseId(ends(`{"method":"notifications/x","params":{"t":"${big}"}}`))).toBeUndefined();
    expect(droppedResponseId(ends(`{"result":{"t":"${big}","inner":{"id":9}},"jsonrpc":"2.0"}`))).toBeUndefined();
  });
});
