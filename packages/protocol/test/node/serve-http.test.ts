import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { allowedHostsFor, type HttpServing, serveHttp } from '../../src/node.js';
import { createFixtureServer } from '../fixtures/fixture-server.js';

const running: HttpServing[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

const init = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } },
};

describe('serveHttp', () => {
  it('binds 127.0.0.1 by default, serves /mcp, and closes cleanly', async () => {
    const serving = await serveHttp(createFixtureServer());
    running.push(serving);
    expect(serving.url.hostname).toBe('127.0.0.1');
    expect(serving.url.pathname).toBe('/mcp');
    const response = await fetch(serving.url, {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify(init),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toMatch(/^[0-9a-f]{32}$/);
    expect(serving.handler.sessionCount).toBe(1);
  });

  it('keeps idle connections 65 s by default (past the 60 s of common proxies), else keepAliveTimeoutMs', async () => {
    const serving = await serveHttp(createFixtureServer());
    const short = await serveHttp(createFixtureServer(), { keepAliveTimeoutMs: 2000 });
    running.push(serving, short);
    const post = (url: URL) =>
      fetch(url, {
        method: 'POST',
        headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
        body: JSON.stringify(init),
      });
    expect((await post(serving.url)).headers.get('keep-alive')).toBe('timeout=65');
    expect((await post(short.url)).headers.get('keep-alive')).toBe('timeout=2');
  });

  it('serves extra routes (a health check) on the same port, beside the MCP endpoint', async () => {
    let seen: Request | undefined;
    const serving = await serveHttp(createFixtureServer(), {
      routes: {
        '/health': (request) => {
          seen = request;
          return Response.json({ status: 'ok' });
        },
      },
    });
    running.push(serving);
    const health = await fetch(new URL('/health?probe=1', serving.url));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(seen?.method).toBe('GET');
    expect(new URL(seen?.url ?? '').searchParams.get('probe')).toBe('1');
    // The MCP endpoint is untouched, and a path that is neither is not the health route.
    const mcp = await fetch(serving.url, {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify(init),
    });
    expect(mcp.status).toBe(200);
    expect((await fetch(new URL('/elsewhere', serving.url))).status).toBe(404);
    await expect(serveHttp(createFixtureServer(), { routes: { health: () => new Response() } })).rejects.toThrow(
      'route paths must start with "/", got "health"',
    );
  });

  it('refuses a DNS-rebinding Host over real HTTP', async () => {
    const serving = await serveHttp(createFixtureServer());
    running.push(serving);
    const response = await fetch(serving.url, {
      method: 'POST',
      headers: {
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
        origin: 'http://evil.example.com',
      },
      body: JSON.stringify(init),
    });
    expect(response.status).toBe(403);
  });

  it('with handleSignals, closes gracefully on SIGTERM and lets the process exit with code 0', async () => {
    const fixture = fileURLToPath(new URL('../fixtures/http-server.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--conditions=@decorum/source', '--import', '@decorum/cli/register', fixture],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    const ready = new Promise<string>((resolve) => {
      child.stderr.on('data', (chunk) => {
        stderr += String(chunk);
        const match = /MCP endpoint: (\S+)/.exec(stderr);
        if (match) resolve(match[1] as string);
      });
    });
    const url = await ready;
    const response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify(init),
    });
    expect(response.status).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toContain('server closed');
  });

  it('derives the Host allowlist from the bind address, and names the fix for a wildcard bind', () => {
    expect(allowedHostsFor('127.0.0.1')).toBeUndefined();
    expect(allowedHostsFor('10.1.2.3')).toEqual(['10.1.2.3', 'localhost', '127.0.0.1', '[::1]']);
    expect(allowedHostsFor('fe80::1')?.[0]).toBe('[fe80::1]');
    expect(() => allowedHostsFor('0.0.0.0')).toThrow(/originPolicy: \{ allowedHosts/);
  });
});
