// A stateless request is served through its era's codec as a light request: no ServerSession (and so no Peer)
// is made for it, and it never joins the server's sessions, which every list change walks. The official
// clients drive it over real HTTP on loopback: the v2 client pinned to 2026-07-28 (a call, a list, progress, a
// multi-round-trip elicitation), and the 1.x SDK against the stateless legacy mode (initialize, a batch of its
// own, progress). A counting subclass stands in for ServerSession everywhere the engine makes one; a session
// endpoint is the control that shows the count does count.
import { Client as ModernClient, StreamableHTTPClientTransport as ModernTransport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StreamableHttpHandler } from '../../packages/protocol/src/index.js';
import { type HttpListener, serveHttp } from '../../packages/protocol/src/node.js';
import { createFixtureServer } from '../../packages/protocol/test/fixtures/fixture-server.js';

const made = vi.hoisted(() => ({ sessions: 0, envelopesRead: 0 }));

vi.mock('../../packages/protocol/src/engine/session.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../packages/protocol/src/engine/session.js')>();
  // InstrumentedSession extends this module's ServerSession too, so every session the engine makes is counted.
  class CountedSession extends original.ServerSession {
    constructor(...args: ConstructorParameters<typeof original.ServerSession>) {
      super(...args);
      made.sessions++;
    }
  }
  return { ...original, ServerSession: CountedSession };
});

vi.mock('../../packages/protocol/src/engine/modern/envelope.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../packages/protocol/src/engine/modern/envelope.js')>();
  return {
    ...original,
    readEnvelope: (...args: Parameters<typeof original.readEnvelope>) => {
      made.envelopesRead++;
      return original.readEnvelope(...args);
    },
  };
});

const open: { http: StreamableHttpHandler; listener: HttpListener; close: () => Promise<void> }[] = [];
beforeEach(() => {
  made.sessions = 0;
  made.envelopesRead = 0;
});
afterEach(async () => {
  for (const { http, listener, close } of open.splice(0)) {
    await close();
    await http.close();
    await listener.close();
  }
});

async function serve(stateless: boolean) {
  const server = createFixtureServer();
  const { handler: http, listener, url } = await serveHttp(server, { stateless, health: false });
  return { server, http, listener, url };
}

describe('stateless requests make no ServerSession', () => {
  it('2026-07-28: calls, lists, progress and an input_required round', async () => {
    const { server, http, listener, url } = await serve(false);
    const client = new ModernClient(
      { name: 'count-modern', version: '1.0.0' },
      { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    const asked: string[] = [];
    client.setRequestHandler('elicitation/create', async (request) => {
      asked.push(String((request.params as { message: string }).message));
      return { action: 'accept', content: { name: 'Ada' } };
    });
    await client.connect(new ModernTransport(url));
    open.push({ http, listener, close: () => client.close() });

    expect((await client.listTools()).tools.map((t) => t.name)).toContain('echo');
    expect(await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).toMatchObject({
      content: [{ type: 'text', text: 'hi' }],
    });
    const progress: number[] = [];
    await client.callTool({ name: 'progress', arguments: {} }, { onprogress: (p) => progress.push(p.progress) });
    expect(progress.length).toBeGreaterThan(0);
    const elicited = await client.callTool({ name: 'elicit', arguments: {} });
    expect(asked).toHaveLength(1);
    expect(elicited.isError).not.toBe(true);
    // A list change while nothing is connected walks no stateless request.
    server.notifyListChanged('tools');

    expect(server.connectedSessions.size).toBe(0);
    expect(made.sessions).toBe(0);
  });

  it('2026-07-28: the envelope is read once, at the edge', async () => {
    const { http, listener, url } = await serve(false);
    open.push({ http, listener, close: async () => {} });
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const answer = await fetch(url, {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'tools/call',
        'mcp-name': 'echo',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'echo', arguments: { text: 'once' }, _meta: meta },
      }),
    });
    expect(await answer.json()).toMatchObject({
      id: 1,
      result: { resultType: 'complete', content: [{ text: 'once' }] },
    });
    expect(made.envelopesRead).toBe(1);
    expect(made.sessions).toBe(0);
  });

  it('stateless legacy mode: initialize, calls with progress, a 2025-03-26 batch', async () => {
    const { server, http, listener, url } = await serve(true);
    const client = new Client({ name: 'count-legacy', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    open.push({ http, listener, close: () => client.close() });

    expect(await client.callTool({ name: 'echo', arguments: { text: 'hi' } })).toMatchObject({
      content: [{ type: 'text', text: 'hi' }],
    });
    const progress: number[] = [];
    await client.callTool({ name: 'progress', arguments: {} }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    });
    expect(progress).toHaveLength(3);
    const batch = [1, 2].map((id) => ({
      jsonrpc: '2.0',
      id,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: `b${id}` } },
    }));
    const answer = await fetch(url, {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        'mcp-protocol-version': '2025-03-26',
      },
      body: JSON.stringify(batch),
    });
    const answers = (await answer.json()) as { id: number; result: { content: { text: string }[] } }[];
    expect(answers.map((a) => [a.id, a.result.content[0].text]).sort()).toEqual([
      [1, 'b1'],
      [2, 'b2'],
    ]);

    expect(server.connectedSessions.size).toBe(0);
    expect(made.sessions).toBe(0);
  });

  it('control: a session endpoint does make one (the count counts)', async () => {
    const { http, listener, url } = await serve(false);
    const client = new Client({ name: 'count-session', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(url));
    open.push({ http, listener, close: () => client.close() });
    await client.callTool({ name: 'echo', arguments: { text: 'hi' } });
    expect(made.sessions).toBe(1);
  });
});
