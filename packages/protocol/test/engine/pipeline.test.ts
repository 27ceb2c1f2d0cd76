// The engine's layers are wired once, from below: no party reassigns another's callback slots.
// A session tells every observer of its end (stdio's lifecycle and an HTTP registry no longer
// overwrite each other), providers are set only through the setters, a peer takes its transport
// once, the default cache hints cannot be changed by mutation, and a refusal for want of scopes
// reaches the transport as data beside the response.
import { describe, expect, it } from 'vitest';
import {
  createLinkedTransports,
  DEFAULT_CACHE_HINTS,
  InsufficientScopeError,
  type JsonRpcMessage,
  Peer,
  ProtocolServer,
  type SendOptions,
  type Transport,
} from '../../src/index.js';
import { RawClient } from '../support/raw-client.js';

const serverInfo = { name: 'pipeline', version: '1.0.0' };

describe('engine pipeline: collaborators wired once', () => {
  it('tells every observer that the session ended, and resolves session.closed', async () => {
    const server = new ProtocolServer({ serverInfo });
    const [, serverSide] = createLinkedTransports();
    const heard: string[] = [];
    const session = await server.connect(serverSide, { observer: { closed: () => heard.push('first') } });
    // A second party (say, a registry) listens through the promise the session owns.
    const closed = session.closed.then(() => heard.push('second'));
    await session.close();
    await closed;
    expect(heard).toEqual(['first', 'second']);
    expect(server.connectedSessions.size).toBe(0);
  });

  it('serves providers set through the setters only: the provider fields are read-only', () => {
    const server = new ProtocolServer({ serverInfo });
    const tools = { list: () => [], call: () => ({ content: [] }) };
    server.setTools(tools, false);
    expect(server.tools).toBe(tools);
    expect(() => {
      (server as unknown as { tools: unknown }).tools = undefined;
    }).toThrow(TypeError);
    expect(server.tools).toBe(tools);
  });

  it('lets a peer take its transport once', async () => {
    const [, end] = createLinkedTransports();
    const peer = new Peer(end);
    await peer.start();
    expect(() => peer.start()).toThrow(/already connected/);
  });

  it('keeps DEFAULT_CACHE_HINTS frozen', () => {
    expect(Object.isFrozen(DEFAULT_CACHE_HINTS)).toBe(true);
    expect(Object.isFrozen(DEFAULT_CACHE_HINTS['tools/list'])).toBe(true);
    expect(() => {
      (DEFAULT_CACHE_HINTS as Record<string, unknown>)['tools/list'] = { ttlMs: 1, cacheScope: 'public' };
    }).toThrow(TypeError);
  });

  it('hands an insufficient-scope refusal to the transport as data beside the error response', async () => {
    const server = new ProtocolServer({ serverInfo });
    server.setTools(
      {
        list: () => [{ name: 'delete', inputSchema: { type: 'object' } }],
        call: () => {
          throw new InsufficientScopeError(['notes:write'], 'tool "delete"');
        },
      },
      false,
    );
    const [clientSide, serverSide] = createLinkedTransports();
    const sent: { message: JsonRpcMessage | JsonRpcMessage[]; options?: SendOptions }[] = [];
    const send = serverSide.send.bind(serverSide);
    const spy: Transport = serverSide;
    spy.send = (message, options) => {
      sent.push({ message, options });
      return send(message);
    };
    await server.connect(spy);
    const client = new RawClient(clientSide);
    await client.start();
    await client.request('initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 'raw', version: '1' },
    });
    const answer = await client.request('tools/call', { name: 'delete', arguments: {} });
    expect(answer.error).toMatchObject({ data: { error: 'insufficient_scope', requiredScopes: ['notes:write'] } });
    const refusal = sent.find((s) => !Array.isArray(s.message) && 'error' in s.message);
    expect(refusal?.options?.stepUp).toEqual({ scopes: ['notes:write'] });
  });

  it("hands a message's responses to its reply channel, not to the transport, and nothing once closed", async () => {
    const sent: unknown[] = [];
    const transport: Transport = {
      start: async () => {},
      send: async (message) => {
        sent.push(message);
      },
      close: async () => {},
    };
    const peer = new Peer(transport, {
      allowsBatch: () => true,
      handleRequest: (request) => {
        if (request.method === 'scoped') throw new InsufficientScopeError(['notes:write'], 'tool "delete"');
        return { echoed: request.method };
      },
    });
    await peer.start();
    const delivered: { message: unknown; stepUp?: unknown }[] = [];
    const replyTo = {
      deliver: async (message: JsonRpcMessage | JsonRpcMessage[], stepUp?: unknown) => {
        delivered.push(stepUp === undefined ? { message } : { message, stepUp });
      },
    };
    const receive = (value: unknown) => transport.onmessage?.(value, { replyTo });
    receive({ jsonrpc: '2.0', id: 1, method: 'one' });
    receive([
      { jsonrpc: '2.0', id: 2, method: 'two' },
      { jsonrpc: '2.0', id: 3, method: 'three' },
    ]);
    receive({ jsonrpc: '2.0', id: 4, method: 'scoped' });
    await peer.whenIdle();
    expect(delivered).toEqual([
      { message: { jsonrpc: '2.0', id: 1, result: { echoed: 'one' } } },
      { message: expect.objectContaining({ id: 4 }), stepUp: { scopes: ['notes:write'] } },
      {
        message: [
          { jsonrpc: '2.0', id: 2, result: { echoed: 'two' } },
          { jsonrpc: '2.0', id: 3, result: { echoed: 'three' } },
        ],
      },
    ]);
    expect(sent).toEqual([]);
    // Without a channel the transport sends it, as over stdio.
    transport.onmessage?.({ jsonrpc: '2.0', id: 5, method: 'five' });
    await peer.whenIdle();
    expect(sent).toEqual([{ jsonrpc: '2.0', id: 5, result: { echoed: 'five' } }]);
    await peer.close();
    receive({ jsonrpc: '2.0', id: 6, method: 'six' });
    await peer.whenIdle();
    expect(delivered).toHaveLength(3);
  });
});
