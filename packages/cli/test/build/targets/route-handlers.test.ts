// The Vercel target's route handlers: Next.js decides the route's path (app/api/mcp/route.ts → /api/mcp),
// the app's endpoint has its own (/mcp): each request reaches the endpoint with its method, query,
// headers and body as sent.
import { describe, expect, it } from 'vitest';
import { routeHandlers } from '../../../src/build/targets/runtime/route-handlers.js';

describe('routeHandlers', () => {
  it('hands GET, POST and DELETE to the endpoint at its own path, everything else kept', async () => {
    const seen: { method: string; url: string; auth: string | null; body: string }[] = [];
    const fetch = Object.assign(
      async (request: Request) => {
        seen.push({
          method: request.method,
          url: request.url,
          auth: request.headers.get('authorization'),
          body: await request.text(),
        });
        return new Response('ok');
      },
      { path: '/mcp' },
    );
    const { GET, POST, DELETE } = routeHandlers(fetch);
    const headers = { authorization: 'Bearer t' };
    await POST(new Request('https://app.example/api/mcp?x=1', { method: 'POST', headers, body: '{"id":1}' }));
    await GET(new Request('https://app.example/api/mcp', { headers }));
    await DELETE(new Request('https://app.example/mcp', { method: 'DELETE', headers }));
    expect(seen).toEqual([
      { method: 'POST', url: 'https://app.example/mcp?x=1', auth: 'Bearer t', body: '{"id":1}' },
      { method: 'GET', url: 'https://app.example/mcp', auth: 'Bearer t', body: '' },
      { method: 'DELETE', url: 'https://app.example/mcp', auth: 'Bearer t', body: '' },
    ]);
  });

  it('passes a streamed request body through without reading it first', async () => {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('{"a":'));
        controller.enqueue(encoder.encode('1}'));
        controller.close();
      },
    });
    const fetch = Object.assign(async (request: Request) => new Response(await request.text()), { path: '/mcp' });
    const request = new Request('https://app.example/api/mcp', { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(await (await routeHandlers(fetch).POST(request)).text()).toBe('{"a":1}');
  });
});
