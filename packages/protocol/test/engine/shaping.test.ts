// Shaping a result for the negotiated revision: what a revision cannot carry changes, everything else is
// handed on as the same objects (no copy of an array nothing in changed).
import { describe, expect, it } from 'vitest';
import { shapeResult } from '../../src/engine/shaping.js';

describe('shapeResult (tools/call)', () => {
  const text = { type: 'text', text: 'a' };
  const audio = { type: 'audio', data: 'AAAA', mimeType: 'audio/wav' };
  const last = { type: 'text', text: 'b' };

  it('keeps a result the revision carries as it is, content array included', () => {
    const result = { content: [text, audio, last] };
    const shaped = shapeResult('tools/call', result, '2025-11-25') as typeof result;
    expect(shaped).toBe(result);
    expect(shaped.content).toBe(result.content);
  });

  it('turns a block an older revision cannot carry into text, in place, keeping the blocks around it', () => {
    const result = { content: [text, audio, last] };
    const shaped = shapeResult('tools/call', result, '2024-11-05') as typeof result;
    expect(shaped.content).toEqual([
      text,
      { type: 'text', text: '[audio content (audio/wav) not supported by protocol 2024-11-05]' },
      last,
    ]);
    expect(shaped.content[0]).toBe(text);
    expect(shaped.content[2]).toBe(last);
    expect(result.content).toEqual([text, audio, last]);
  });
});
