// #20 item 2: a legacy HTTP+SSE session belongs to the principal that opened it, like a Streamable
// HTTP one: another principal who learns its id can neither call into it nor answer its questions.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { StreamableHttpHandler } from '../../src/index.js';
import { createFixtureServer } from '../fixtures/fixture-server.js';
import { type ServedHandler, serveOnFreePort } from '../node/web-handlers.js';

const running: ServedHandler[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((listener) => listener.close()));
});

async function serve(): Promise<URL> {
  const handler = new StreamableHttpHandler(createFixtureServer(), {
    legacySse: true,
    authenticate: (request) => {
      const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
      return token === 'alice' || token === 'mallory' ? { token, subject: token, scopes: [] } : undefined;
    },
  });
  const listener = await serveOnFreePort(handler);
  running.push(listener);
  return new URL('/sse', listener.url);
}

/** Alice's official client; resolves the messages URL (with the session id) it was given. */
function aliceClient(url: URL, onElicit: (requestId: string | number) => Promise<void>) {
  let messages: URL | undefined;
  const transport = new SSEClientTransport(url, {
    requestInit: { headers: { authorization: 'Bearer alice' } },
    eventSourceInit: {
      fetch: (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('authorization', 'Bearer alice');
        return fetch(input, { ...init, headers });
      },
    },
    fetch: (input, init) => {
      if (init?.method === 'POST') messages = new URL(String(input));
      return fetch(input, init);
    },
  });
  const client = new Client({ name: 'alice', version: '1' }, { capabilities: { elicitation: { form: {} } } });
  client.setRequestHandler(ElicitRequestSchema, async (_request, extra) => {
    await onElicit(extra.requestId);
    return { action: 'decline' };
  });
  return { client, transport, messages: () => messages as URL };
}

const asMallory = (url: URL, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { authorization: 'Bearer mallory', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('legacy HTTP+SSE: sessions bound to their principal', () => {
  it("refuses another principal's calls into the session with 404", async () => {
    const alice = aliceClient(await serve(), async () => {});
    await alice.client.connect(alice.transport);
    const refused = await asMallory(alice.messages(), {
      jsonrpc: '2.0',
      id: 99,
      method: 'tools/call',
      params: { name: 'echo', arguments: { text: 'hijacked' } },
    });
    expect(refused.status).toBe(404);
    // Alice's session is intact and answers her
    expect(await alice.client.callTool({ name: 'echo', arguments: { text: 'mine' } })).toMatchObject({
      content: [{ text: 'mine' }],
    });
    await alice.client.close();
  });

  it("refuses another principal's answer to the owner's elicitation/create (forged consent) with 404", async () => {
    let forged: Response | undefined;
    const alice = aliceClient(await serve(), async (requestId) => {
      forged = await asMallory(alice.messages(), {
        jsonrpc: '2.0',
        id: requestId,
        result: { action: 'accept', content: { name: 'mallory' } },
      });
    });
    await alice.client.connect(alice.transport);
    const result = await alice.client.callTool({ name: 'elicit', arguments: {} });
    expect(forged?.status).toBe(404);
    // The tool saw Alice's own answer, not the forged acceptance
    expect(result).toMatchObject({ content: [{ text: 'decline: null' }] });
    await alice.client.close();
  });
});
