import { describe, expect, it } from 'vitest';
import { toToolResult } from '../src/response.js';

const respond = (body: BodyInit | null, type: string, status = 200) =>
  new Response(body, { status, headers: type === '' ? {} : { 'content-type': type } });

describe('toToolResult', () => {
  it('keeps only the properties the output schema lists in structuredContent; the text has the whole body', async () => {
    const result = await toToolResult(respond('{"id":1,"extra":true}', 'application/json'), 'GET /x', { keep: ['id'] });
    expect(result).toEqual({
      content: [{ type: 'text', text: '{"id":1,"extra":true}' }],
      structuredContent: { id: 1 },
    });
  });

  it('wraps JSON that is not an object; accepts +json types', async () => {
    const result = await toToolResult(respond('[1,2]', 'application/problem+json; charset=utf-8'), 'GET /x', undefined);
    expect(result.structuredContent).toEqual({ result: [1, 2] });
  });

  it('an image response is image content; other bytes an embedded blob', async () => {
    const png = new Uint8Array([137, 80, 78, 71]);
    expect((await toToolResult(respond(png, 'image/png'), 'GET /x', undefined)).content).toEqual([
      { type: 'image', data: 'iVBORw==', mimeType: 'image/png' },
    ]);
    const blob = await toToolResult(respond(png, 'application/octet-stream'), 'GET /x', undefined);
    expect(blob.content?.[0]).toMatchObject({ type: 'resource', resource: { blob: 'iVBORw==' } });
  });

  it('an error status is an error result with the status and the (cut) body', async () => {
    const result = await toToolResult(respond('x'.repeat(5000), 'text/plain', 500), 'POST /y', undefined);
    const text = (result.content[0] as unknown as { text: string }).text;
    expect(result.isError).toBe(true);
    expect(text.startsWith('POST /y failed with HTTP 500: xxx')).toBe(true);
    expect(text.length).toBeLessThan(4100);
  });

  it('a success that breaks the declared JSON contract is an error result, not a crash', async () => {
    const result = await toToolResult(respond('<html/>', 'text/html'), 'GET /x', { keep: ['id'] });
    expect(result).toMatchObject({ isError: true, content: [{ text: expect.stringContaining('instead of JSON') }] });
  });
});
