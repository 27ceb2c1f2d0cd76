// /healthz and /readyz beside the MCP endpoint: on by default, readiness following the shared store
// and going red while the server drains on shutdown.
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryEventStore, type ScaleOut } from '../../src/index.js';
import { type HttpServing, serveHttp } from '../../src/node.js';
import { createScaleOut, InMemorySessionStore } from '../../src/scale-out.js';
import { createFixtureServer } from '../fixtures/fixture-server.js';

const running: HttpServing[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

function scaleOut(ready: () => boolean | Promise<boolean>): ScaleOut & { ready(): boolean | Promise<boolean> } {
  return createScaleOut({
    sessionStore: new InMemorySessionStore(),
    eventStore: new InMemoryEventStore(),
    bus: { publish: async () => undefined, subscribe: () => () => undefined },
    ready,
  });
}

async function probe(serving: HttpServing, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(new URL(path, serving.url));
  expect(response.headers.get('cache-control')).toBe('no-store');
  return { status: response.status, body: await response.json() };
}

describe('health endpoints', () => {
  it('answers /healthz and /readyz by default', async () => {
    const serving = await serveHttp(createFixtureServer());
    running.push(serving);
    expect(await probe(serving, '/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
    expect(await probe(serving, '/readyz')).toEqual({ status: 200, body: { status: 'ready', checks: {} } });
  });

  it('is not ready while the shared store is unreachable, and ready again once it is back', async () => {
    let up = false;
    const serving = await serveHttp(createFixtureServer(), { scaleOut: scaleOut(() => up) });
    running.push(serving);
    expect(await probe(serving, '/readyz')).toEqual({
      status: 503,
      body: { status: 'not ready', checks: { store: 'failing' } },
    });
    // Liveness does not depend on the store: restarting the process would not bring Redis back.
    expect((await probe(serving, '/healthz')).status).toBe(200);
    up = true;
    expect(await probe(serving, '/readyz')).toEqual({
      status: 200,
      body: { status: 'ready', checks: { store: 'ok' } },
    });
  });

  it('counts a check that throws or hangs as failing', async () => {
    const serving = await serveHttp(createFixtureServer(), {
      scaleOut: scaleOut(() => new Promise<boolean>(() => undefined)),
      health: { timeoutMs: 50, checks: { db: () => Promise.reject(new Error('down')) } },
    });
    running.push(serving);
    expect(await probe(serving, '/readyz')).toEqual({
      status: 503,
      body: { status: 'not ready', checks: { store: 'failing', db: 'failing' } },
    });
  });

  it('turns /readyz red while draining on close, and keeps serving during drainDelayMs', async () => {
    const serving = await serveHttp(createFixtureServer(), { drainDelayMs: 3000 });
    const closed = serving.close();
    expect(await probe(serving, '/readyz')).toEqual({ status: 503, body: { status: 'draining' } });
    expect((await probe(serving, '/healthz')).status).toBe(200);
    await closed;
  });

  it('takes other paths, yields to a user route on the same path, and can be left out', async () => {
    const renamed = await serveHttp(createFixtureServer(), {
      health: { livenessPath: '/live', readinessPath: '/ready' },
      routes: { '/live': () => Response.json({ mine: true }, { headers: { 'cache-control': 'no-store' } }) },
    });
    running.push(renamed);
    expect(await probe(renamed, '/live')).toEqual({ status: 200, body: { mine: true } });
    expect((await probe(renamed, '/ready')).status).toBe(200);
    const off = await serveHttp(createFixtureServer(), { health: false });
    running.push(off);
    expect((await fetch(new URL('/healthz', off.url))).status).toBe(404);
  });
});
