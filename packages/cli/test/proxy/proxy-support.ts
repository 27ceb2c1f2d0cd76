// What the \`decorum proxy\` tests share: the reference server from npm, the v1 SDK client answering every question
// the same way on every connection, the lists to compare, a task call, and starting/stopping the proxy.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { BIN_ARGS, LineWaiter } from '../support/work-project.js';

export const EVERYTHING = createRequire(import.meta.url)
  .resolve('@modelcontextprotocol/server-everything/package.json')
  .replace(/package\.json$/, 'dist/index.js');
export const CAPABILITIES = { sampling: {}, elicitation: {}, roots: {} };
export const SAMPLED = {
  role: 'assistant' as const,
  model: 'test-model',
  content: { type: 'text' as const, text: 'Paris' },
};
export const ELICITED = { action: 'accept' as const, content: { name: 'Ada Lovelace' } };
export const ROOTS = { roots: [{ uri: 'file:///tmp/proxy-root', name: 'proxy-root' }] };

/** What a v1 client heard: server-everything's "Roots updated: N root(s)" log, once it asked for the roots. */
export const rootsHeard = new WeakMap<Client, Promise<string>>();

/** The v1 SDK client, answering sampling, elicitation and roots the same way on every connection. */
export async function v1(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'proxy-test', version: '1.0.0' }, { capabilities: CAPABILITIES });
  client.setRequestHandler(CreateMessageRequestSchema, () => SAMPLED);
  client.setRequestHandler(ElicitRequestSchema, () => ELICITED);
  client.setRequestHandler(ListRootsRequestSchema, () => ROOTS);
  rootsHeard.set(
    client,
    new Promise((resolve) =>
      client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
        if (/^Roots updated: [1-9]/.test(String(params.data))) resolve(String(params.data));
      }),
    ),
  );
  await client.connect(transport);
  return client;
}

/** A call made as a task with the v1 SDK's experimental tasks API: its final result and what it went through. */
export async function asTask(client: Client, name: string, args: Record<string, unknown>) {
  const stream = client.experimental.tasks.callToolStream({ name, arguments: args }, CallToolResultSchema, {
    task: { ttl: 60_000 },
  });
  const seen = new Set<string>();
  for await (const message of stream) {
    seen.add(message.type === 'taskStatus' ? message.task.status : message.type);
    if (message.type === 'error') throw message.error;
    if (message.type === 'result') {
      // Each side names its own task; the rest of the result must be the same.
      const { 'io.modelcontextprotocol/related-task': related, ...meta } = message.result._meta ?? {};
      expect(related).toMatchObject({ taskId: expect.any(String) });
      const { _meta, ...rest } = message.result;
      return { result: Object.keys(meta).length > 0 ? { ...rest, _meta: meta } : rest, seen: [...seen] };
    }
  }
  throw new Error(`${name}: no result`);
}

/** Every list the server offers (as its capabilities say). */
export async function lists(client: Client) {
  const caps = client.getServerCapabilities() ?? {};
  return {
    capabilities: { tools: !!caps.tools, resources: !!caps.resources, prompts: !!caps.prompts, tasks: caps.tasks },
    tools: caps.tools ? await client.listTools() : undefined,
    resources: caps.resources ? await client.listResources() : undefined,
    templates: caps.resources ? await client.listResourceTemplates() : undefined,
    prompts: caps.prompts ? await client.listPrompts() : undefined,
  };
}

/** Starts `decorum proxy …` and resolves with the child and, when it serves HTTP, its endpoint. */
export async function startProxy(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [...BIN_ARGS, 'proxy', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const stderr = new LineWaiter(child.stderr as NodeJS.ReadableStream as never);
  const line = await Promise.race([
    stderr.next(/proxy: .* → http/),
    once(child, 'exit').then(() => {
      throw new Error(`decorum proxy exited: ${stderr.lines.join('\n')}`);
    }),
  ]);
  return { child, url: (/→ (\S+)/.exec(line) as RegExpExecArray)[1] as string };
}

export async function stop(child: ChildProcess | undefined): Promise<void> {
  if (child === undefined || child.exitCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
