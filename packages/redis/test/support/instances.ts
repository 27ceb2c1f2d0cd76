// In-process server instances sharing one Redis through redisScaleOut, each served over real HTTP
// on port 0: enough to put a load balancer's choices (which instance gets which request) in a test.
import { ProtocolServer } from '@decorum/protocol';
import { type HttpServing, serveHttp } from '@decorum/protocol/node';
import { legacyPost, modernPost } from '../../../protocol/test/support/raw-http.js';
import type { RedisLogger } from '../../src/redis-connection.js';
import { type RedisScaleOut, type RedisScaleOutOptions, redisScaleOut } from '../../src/redis-scale-out.js';

/** One instance: its endpoint URL, its scale-out (Redis parts) and how to stop it. */
export interface Instance {
  url: URL;
  scaleOut: RedisScaleOut;
  serving: HttpServing;
  close(): Promise<void>;
}

/** A server with an echo tool, a tool that asks the user (multi-round in the modern era), and subscribable resources. */
export function testServer(logger?: RedisLogger): ProtocolServer {
  const server = new ProtocolServer({ serverInfo: { name: 'scale-test', version: '1.0.0' }, logger });
  server.setTools({
    list: () => [
      { name: 'echo', inputSchema: { type: 'object' } },
      { name: 'ask', inputSchema: { type: 'object' } },
    ],
    async call({ name, arguments: args = {} }, ctx) {
      if (name === 'ask') {
        const answer = await ctx.elicit({
          message: 'Your name?',
          requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
        });
        return { content: [{ type: 'text', text: `hello ${JSON.stringify(answer.content ?? null)}` }] };
      }
      return { content: [{ type: 'text', text: String(args.text ?? '') }] };
    },
  });
  server.setResources({
    subscribe: true,
    list: () => [],
    read: ({ uri }) => ({ contents: [{ uri, text: 'contents' }] }),
  });
  return server;
}

/** Starts one instance over `options` (a URL and key prefix at least); its logger hears both layers. */
export async function startInstance(options: RedisScaleOutOptions): Promise<Instance> {
  const scaleOut = redisScaleOut(options);
  const serving = await serveHttp(testServer(options.logger), { port: 0, scaleOut });
  return { url: serving.url, scaleOut, serving, close: () => serving.close() };
}

/** One legacy request into a session; answers the HTTP status and the JSON-RPC message (JSON replies). */
export async function legacyRequest(
  url: URL,
  sessionId: string,
  id: number,
  method: string,
  params: Record<string, unknown> = {},
): Promise<{ status: number; message?: Record<string, unknown> }> {
  const response = await legacyPost(url, sessionId, { jsonrpc: '2.0', id, method, params });
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    await response.body?.cancel();
    return { status: response.status };
  }
  return { status: response.status, message: (await response.json()) as Record<string, unknown> };
}

/** One modern (2026-07-28) tools/call, sessionless; answers the JSON-RPC message. */
export async function modernCall(url: URL, name: string, extra: Record<string, unknown> = {}) {
  const response = await modernPost(url, 1, 'tools/call', { name, arguments: {}, ...extra });
  return (await response.json()) as { result?: Record<string, any>; error?: { code: number; message: string } };
}
