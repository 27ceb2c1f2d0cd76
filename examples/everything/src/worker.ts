// The everything server on Cloudflare Workers: `decorum build src/worker.ts --target workers` bundles it
// for workerd (the conformance suite's 2026-07-28 requirements run against it, test/conformance/run.mjs).
// The same providers as server.ts, served stateless; what a Worker cannot keep is left out: the skills
// folder (read from disk) and tasks (kept in memory — with a shared store, pass `tasks: { store }`).
import 'reflect-metadata';
import { McpApp } from '@decorum/core';
import { ClientRequestTools } from './client-request-tools.js';
import { ContentTools, JsonSchemaTools } from './content-tools.js';
import { ListChanges, ModernTools } from './modern-tools.js';
import { TestPrompts } from './prompts.js';
import { TestResources } from './resources.js';
import { TaskTools } from './task-tools.js';

/** Built at the Worker's first request (a Worker's global scope may not draw random values or set timers). */
export function createApp(): McpApp {
  const app = new McpApp({
    name: 'decorum-everything',
    version: '0.1.0',
    title: 'Decorum everything server',
    instructions: 'Serves the tools, resources and prompts of the MCP conformance suite.',
    providers: [ContentTools, JsonSchemaTools, ClientRequestTools, ModernTools, TaskTools, TestResources, TestPrompts],
  });
  app.container.get(ListChanges).attach(app);
  return app;
}
