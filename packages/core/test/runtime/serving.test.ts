// One way per need (issue 35): `listen` serves on a port of its own, `fetch` and `nodeHandler` hand the one endpoint
// to Web and Node hosts (configured by the `http` option), and nothing behind `listen` is shared by two apps of one
// process: each holds its host and its signal handlers. Driven by the official SDK client over loopback HTTP.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_HOST, type AppHost } from '../../src/host.js';
import { inProcess, McpApp, Tool } from '../../src/index.js';

class Named {
  @Tool({ description: 'Answers pong' })
  who() {
    return 'pong';
  }
}

const PONG = { content: [{ type: 'text', text: 'pong' }] };

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function app(name: string, more: Partial<ConstructorParameters<typeof McpApp>[0]> = {}): McpApp {
  const made = new McpApp({ name, version: '1.0.0', providers: [Named], ...more });
  cleanup.push(() => made.close());
  return made;
}

async function client(url: URL): Promise<Client> {
  const connected = new Client({ name: 'serving-test', version: '1.0.0' });
  await connected.connect(new StreamableHTTPClientTransport(url));
  cleanup.push(() => connected.close());
  return connected;
}

async function listenOn(server: Server): Promise<URL> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise((resolve) => server.close(resolve)));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`);
}

const signalListeners = () => process.listenerCount('SIGTERM') + process.listenerCount('SIGINT');

describe('two apps in one process', () => {
  it('listen, serve and close independently', async () => {
    const a = app('a');
    const b = app('b');
    const [at, bt] = await Promise.all([
      a.listen({ http: { port: 0, handleSignals: true } }),
      b.listen({ http: { port: 0, handleSignals: true } }),
    ]);
    expect(at.url?.port).not.toBe(bt.url?.port);
    const ca = await client(at.url as URL);
    const cb = await client(bt.url as URL);
    expect(ca.getServerVersion()?.name).toBe('a');
    expect(cb.getServerVersion()?.name).toBe('b');

    const before = signalListeners();
    await a.close();
    // a's close removed its own signal handlers only; b still closes on a signal.
    expect(signalListeners()).toBe(before - 2);
    await expect(fetch(at.url as URL, { method: 'POST' })).rejects.toThrow();
    expect(await cb.callTool({ name: 'who', arguments: {} })).toEqual(PONG);

    await b.close();
    expect(signalListeners()).toBe(before - 4);
  });

  it('each app holds its own host, read when it is made: one hosted, one serving itself', async () => {
    const hosted: string[] = [];
    const host: AppHost = {
      listen: async (made, where, hosting) => {
        hosted.push((made as McpApp).manifest.tools[0]?.name ?? '');
        return hosting.serve(where);
      },
    };
    const slot = globalThis as { [APP_HOST]?: AppHost };
    slot[APP_HOST] = { listen: async () => Promise.reject(new Error('the installed host was asked')) };
    try {
      const inHost = app('hosted', { host });
      const alone = app('alone', { host: null });
      const [one, two] = await Promise.all([inHost.listen({ http: { port: 0 } }), alone.listen({ http: { port: 0 } })]);
      expect(hosted).toEqual(['who']);
      expect((await client(one.url as URL)).getServerVersion()?.name).toBe('hosted');
      expect((await client(two.url as URL)).getServerVersion()?.name).toBe('alone');
    } finally {
      delete slot[APP_HOST];
    }
  });
});

describe('handing the endpoint to a host', () => {
  it('nodeHandler serves the app in Express, with the http option, and fetch is the same endpoint', async () => {
    const made = app('node-host', { http: { stateless: true } });
    const server = createServer(express().all('/mcp', made.nodeHandler));
    const url = await listenOn(server);
    const connected = await client(url);
    expect(await connected.callTool({ name: 'who', arguments: {} })).toEqual(PONG);

    // Stateless (the `http` option): a tools/list without initialize is answered, through fetch as through Node.
    const list = (endpoint: string) =>
      new Request(endpoint, {
        method: 'POST',
        headers: {
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      });
    const viaNode = await fetch(list(url.href));
    const viaFetch = await made.fetch(list('http://127.0.0.1/mcp'));
    expect(viaNode.headers.get('mcp-session-id')).toBeNull();
    expect(await viaNode.json()).toEqual(await viaFetch.json());
  });

  it('nodeHandler waits for what the app connects first (a mount) and serves it', async () => {
    const inner = app('inner');
    const made = app('hub', { mounts: [{ prefix: 'in', server: inProcess(inner) }] });
    const url = await listenOn(createServer(made.nodeHandler));
    const { tools } = await (await client(url)).listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['in_who', 'who']);
  });

  it('nodeHandler serves plain node:http', async () => {
    const made = app('plain-node');
    const url = await listenOn(createServer(made.nodeHandler));
    expect((await client(url)).getServerVersion()?.name).toBe('plain-node');
  });

  it('the deprecated httpHandler(options) still configures the endpoint fetch serves', async () => {
    const made = app('legacy');
    made.httpHandler({ stateless: true });
    const response = await made.fetch(
      new Request('http://127.0.0.1/mcp', {
        method: 'POST',
        headers: {
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
          'mcp-protocol-version': '2025-11-25',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      }),
    );
    expect(await response.json()).toMatchObject({ result: { tools: [{ name: 'who' }] } });
  });
});
