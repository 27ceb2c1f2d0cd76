// LineReader against a model: any lines (ASCII or not, LF or CRLF, some over the limit), cut into chunks
// anywhere (inside a multi-byte character too), give the same lines and oversize reports in order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineReader } from '../../src/transports/line-reader.js';

const LIMIT = 12;
type Event = { line: string } | { oversize: true };

/** What the lines must give: non-empty lines whole, longer ones (in bytes, ending excluded) as one report. */
function expected(lines: { text: string; crlf: boolean }[], lastHasNewline: boolean): Event[] {
  const events: Event[] = [];
  lines.forEach(({ text }, i) => {
    const isLast = i === lines.length - 1;
    if (isLast && !lastHasNewline && text === '') return;
    if (Buffer.byteLength(text) > LIMIT) events.push({ oversize: true });
    else if (text !== '') events.push({ line: text });
  });
  return events;
}

const text = fc.oneof(
  fc.string({ unit: fc.constantFrom('a', 'b', '{', '"', ' '), maxLength: 20 }),
  fc.string({ unit: fc.constantFrom('a', 'é', '→', '😀'), maxLength: 8 }),
);

describe('LineReader', () => {
  it('delivers every line and reports every oversize one, however the bytes are chunked', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ text, crlf: fc.boolean() }), { minLength: 1, maxLength: 8 }),
        fc.boolean(),
        fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 30 }),
        (lines, lastHasNewline, cuts) => {
          const source = lines
            .map(({ text: t, crlf }, i) => {
              const ending = i < lines.length - 1 || lastHasNewline ? (crlf ? '\r\n' : '\n') : '';
              return t + ending;
            })
            .join('');
          const bytes = Buffer.from(source, 'utf8');
          const events: Event[] = [];
          const reader = new LineReader(LIMIT, {
            line: (line) => events.push({ line }),
            oversize: () => events.push({ oversize: true }),
            stopped: () => false,
          });
          let at = 0;
          for (let i = 0; at < bytes.length; i++) {
            const size = cuts[i % cuts.length] as number;
            reader.push(bytes.subarray(at, at + size));
            at += size;
          }
          reader.end();
          expect(events).toEqual(expected(lines, lastHasNewline));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('stops delivering mid-chunk once its owner has stopped', () => {
    const lines: string[] = [];
    const reader = new LineReader(LIMIT, {
      line: (line) => lines.push(line),
      oversize: () => undefined,
      stopped: () => lines.length >= 2,
    });
    reader.push(Buffer.from('one\ntwo\nthree\nfour\n'));
    expect(lines).toEqual(['one', 'two']);
  });
});
