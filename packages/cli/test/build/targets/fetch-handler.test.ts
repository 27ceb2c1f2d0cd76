// The glue a Web target's generated entry runs (@decorum/cli/target-runtime): it finds the app the
// module exports or listens with, serves it through `fetch`, and on a target without shared memory
// refuses, at startup, what needs state without a store — naming the option.
import 'reflect-metadata';
import { Arg, McpApp, Tool } from '@decorum/core';
import { createScaleOut, InMemorySessionStore } from '@decorum/protocol/scale-out';
import { InMemoryTaskStore, type TaskStore } from '@decorum/protocol/tasks';
import { afterEach, describe, expect, it } from 'vitest';
import { modernRequest } from '../../../../protocol/test/support/raw-http.js';
import { captureListen, fetchHandler, StatelessTargetError } from '../../../src/build/targets/runtime/index.js';
import { DurableObjectTaskStore } from '../../../src/workers.js';

class Echo {
  @Tool({ description: 'Echoes' })
  echo(@Arg('text') text: string): string {
    return text;
  }
}

const makeApp = (options: Partial<ConstructorParameters<typeof McpApp>[0]> = {}) =>
  new McpApp({ name: 'glue', version: '1.0.0', providers: [Echo], ...options });

const initialize = (path = '/mcp') =>
  new Request(`http://127.0.0.1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    }),
  });

const TASKS = { extensions: { 'io.modelcontextprotocol/tasks': {} } };

/** A 2026-07-28 tools/call that opts into tasks. */
const modernCall = (name: string) =>
  modernRequest('http://127.0.0.1/mcp', 2, 'tools/call', { name, arguments: {} }, { capabilities: TASKS });

/** A store outside the instance, as the check sees it: one that forwards to a memory store, as a shared store's client does. */
function forwarding(remote: InMemoryTaskStore): TaskStore {
  const store = {} as Record<string, unknown>;
  for (const [name, { value }] of Object.entries(Object.getOwnPropertyDescriptors(InMemoryTaskStore.prototype))) {
    if (name !== 'constructor' && typeof value === 'function') store[name] = value.bind(remote);
  }
  return store as unknown as TaskStore;
}

const apps: McpApp[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

describe('fetchHandler', () => {
  it('serves the app a module exports (app, default or createApp), stateless: no session id', async () => {
    for (const module of [{ app: makeApp() }, { default: makeApp() }, { createApp: () => makeApp() }]) {
      const handler = await fetchHandler(module, { target: 'workers', stateless: true });
      const response = await handler(initialize());
      expect(response.status).toBe(200);
      expect(response.headers.get('mcp-session-id')).toBeNull();
      expect(await response.text()).toMatch(/"serverInfo":\{"name":"glue"/);
    }
  });

  it('serves the app a module listened with, on its listen path and routes; the host is removed after', async () => {
    captureListen();
    const app = makeApp();
    apps.push(app);
    // What an entry written for Node does; the capturing host records it instead of binding a port.
    expect(
      await app.listen({ http: { port: 3000, path: '/rpc', routes: { '/health': () => new Response('ok') } } }),
    ).toEqual({});
    const handler = await fetchHandler({}, { target: 'deno', stateless: false });
    expect(handler.path).toBe('/rpc');
    const response = await handler(initialize('/rpc'));
    expect(response.status).toBe(200);
    // Not stateless on Deno: the legacy era gets a session.
    expect(response.headers.get('mcp-session-id')).toMatch(/.+/);
    expect(await (await handler(new Request('http://127.0.0.1/health'))).text()).toBe('ok');
    expect(Object.getOwnPropertySymbols(globalThis).map(String)).not.toContain('Symbol(@decorum/app-host)');
  });

  it('says how to expose the app when the module builds none', async () => {
    await expect(fetchHandler({ other: 1 }, { target: 'workers', stateless: true })).rejects.toThrow(
      /built no Decorum app for the workers target: export it/,
    );
  });
});

describe('on a target without shared memory', () => {
  it('refuses tasks kept in memory, naming tasks.store; a store is accepted', async () => {
    const refused = fetchHandler({ app: makeApp({ tasks: {} }) }, { target: 'workers', stateless: true });
    await expect(refused).rejects.toBeInstanceOf(StatelessTargetError);
    await expect(refused).rejects.toThrow(
      /tasks are kept in this instance's memory: pass a shared store, `new McpApp\(\{ tasks: \{ store \} \}\)` \(a DurableObjectTaskStore from @decorum\/cli\/workers/,
    );
    await expect(fetchHandler({ app: makeApp({ tasks: {} }) }, { target: 'lambda', stateless: true })).rejects.toThrow(
      /\(e\.g\. a RedisTaskStore from @decorum\/redis\)/,
    );
    // A store outside the instance is accepted (a RedisTaskStore or DurableObjectTaskStore in production).
    const handler = await fetchHandler(
      { app: makeApp({ tasks: { store: forwarding(new InMemoryTaskStore()) } }) },
      { target: 'workers', stateless: true },
    );
    expect((await handler(initialize())).status).toBe(200);
  });

  it('refuses sessions or the legacy SSE transport without a session store, naming the options', async () => {
    captureListen();
    const app = makeApp();
    apps.push(app);
    await app.listen({ http: { stateless: false, legacySse: true } });
    const refused = fetchHandler({}, { target: 'lambda', stateless: true });
    await expect(refused).rejects.toThrow(/The lambda target shares no memory between requests/);
    await expect(refused).rejects.toThrow(/ask for sessions \(`stateless: false`\): pass a `scaleOut`/);
    await expect(refused).rejects.toThrow(/`legacySse`\) needs sessions/);
  });

  it('serves sessions through the session store the listen options bring', async () => {
    captureListen();
    const app = makeApp();
    apps.push(app);
    // In production a store every instance reaches (redisScaleOut); the seam is the same.
    await app.listen({
      http: { stateless: false, scaleOut: createScaleOut({ sessionStore: new InMemorySessionStore() }) },
    });
    const handler = await fetchHandler({}, { target: 'workers', stateless: true });
    const response = await handler(initialize());
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toMatch(/.+/);
  });

  it('keeps what a stateful target may: tasks in memory on Deno', async () => {
    const handler = await fetchHandler({ app: makeApp({ tasks: {} }) }, { target: 'deno', stateless: false });
    expect((await handler(initialize())).status).toBe(200);
  });
});

describe('tasks on Workers', () => {
  // The Worker's env as createApp gets it: the Durable Object namespace is only named here, never called
  // (the store talks to it on the first task operation; test/deploy/workers-tasks.test.ts runs it in workerd).
  const env = {
    TASKS: { idFromName: (name: string) => name, get: () => ({ fetch: () => Promise.reject(new Error('unused')) }) },
  };

  it('hands the Worker env to createApp; a DurableObjectTaskStore is a shared store', async () => {
    let seen: unknown;
    const createApp = (given: typeof env) => {
      seen = given;
      return makeApp({ tasks: { store: new DurableObjectTaskStore(given.TASKS) } });
    };
    const handler = await fetchHandler({ createApp }, { target: 'workers', stateless: true, env });
    expect(seen).toBe(env);
    expect((await handler(initialize())).status).toBe(200);
  });

  it('refuses a DurableObjectTaskStore without a namespace binding, naming it', () => {
    expect(() => new DurableObjectTaskStore(undefined as never)).toThrow(
      /needs a Durable Object namespace binding \(e\.g\. env\.TASKS/,
    );
  });

  it('keeps the request that started a task alive (waitUntil) until the task has settled', async () => {
    let finish!: () => void;
    const release = new Promise<void>((resolve) => {
      finish = resolve;
    });
    class Job {
      @Tool({ description: 'Runs until released', task: 'optional' })
      async job(): Promise<string> {
        await release;
        return 'done';
      }
    }
    const store = new InMemoryTaskStore();
    const app = new McpApp({ name: 'glue', version: '1.0.0', providers: [Job], tasks: { store: forwarding(store) } });
    apps.push(app);
    const handler = await fetchHandler({ app }, { target: 'workers', stateless: true });
    const kept: Promise<unknown>[] = [];
    const context = { waitUntil: (promise: Promise<unknown>) => void kept.push(promise) };
    const response = await handler(modernCall('job'), context);
    const { result } = (await response.json()) as { result: { resultType: string; taskId: string } };
    expect(result.resultType).toBe('task');
    expect(kept).toHaveLength(1);
    let settled = false;
    const waited = (kept[0] as Promise<unknown>).then(() => {
      settled = true;
    });
    expect((await store.get(result.taskId))?.status).toBe('working');
    expect(settled).toBe(false);
    finish();
    await waited;
    expect((await store.get(result.taskId))?.status).toBe('completed');
    // A request that starts no task waits for nothing, not for the tasks of others.
    const plain: Promise<unknown>[] = [];
    await handler(initialize(), { waitUntil: (promise) => void plain.push(promise) });
    await expect(Promise.all(plain)).resolves.toBeDefined();
  });
});
