// The everything server on Cloudflare Workers: `decorum build src/worker.ts --target workers` bundles it
// for workerd (the conformance suite's 2026-07-28 requirements run against it, test/conformance/run.mjs).
// The same providers as server.ts, served stateless. Tasks live in a Durable Object (TaskStoreObject,
// bound as TASKS in wrangler.toml), so any isolate polls, answers or cancels a task another one started.
// The skills folder (read from disk) is left out: a Worker has no disk.
import 'reflect-metadata';
import { type DurableObjectNamespaceLike, DurableObjectTaskStore } from '@decorum/cli/workers';
import { McpApp } from '@decorum/core';
import { ClientRequestTools } from './client-request-tools.js';
import { ContentTools, JsonSchemaTools } from './content-tools.js';
import { ListChanges, ModernTools } from './modern-tools.js';
import { TestPrompts } from './prompts.js';
import { TestResources } from './resources.js';
import { TaskTools } from './task-tools.js';

// The Durable Object class the TASKS binding names: a Worker's bindings find their classes among its exports.
export { TaskStoreObject } from '@decorum/cli/workers';

/** The Worker's bindings (wrangler.toml). */
export interface Env {
  TASKS: DurableObjectNamespaceLike;
}

/**
 * Built at the Worker's first request, with its bindings (a Worker's global scope may not draw random
 * values or set timers).
 */
export function createApp(env: Env): McpApp {
  const app = new McpApp({
    name: 'decorum-everything',
    version: '0.1.0',
    title: 'Decorum everything server',
    instructions: 'Serves the tools, resources and prompts of the MCP conformance suite.',
    providers: [ContentTools, JsonSchemaTools, ClientRequestTools, ModernTools, TaskTools, TestResources, TestPrompts],
    // A task's handler runs in the isolate whose request started it; answers and cancellation from other
    // isolates reach it at its next heartbeat (leaseMs / 3), so a short lease keeps it responsive.
    tasks: { store: new DurableObjectTaskStore(env.TASKS), pollIntervalMs: 200, leaseMs: 3_000 },
  });
  app.container.get(ListChanges).attach(app);
  return app;
}
