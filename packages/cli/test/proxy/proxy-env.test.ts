// `decorum proxy -- <command>` starts the command with an allowlisted environment (PATH, HOME, locale…) plus what
// `--env` names, never the proxy's own variables (its client secret, say), and names it without its arguments.
import type { ChildProcess } from 'node:child_process';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, stop, v1 } from './proxy-support.js';

const QUESTIONS = new URL('../../../../test/compose/fixtures/questions-server.mjs', import.meta.url).pathname;

describe('decorum proxy: the environment of the command it runs', () => {
  let proxy: ChildProcess | undefined;
  let client: Client;

  beforeAll(async () => {
    ({ child: proxy } = await startProxy(
      ['--port', '0', '--env', 'SET_FOR_IT=yes', '--env', 'PASSED_ON', '--', process.execPath, QUESTIONS, '--key=sk-1'],
      { PROXY_CLIENT_SECRET: 'proxy-secret', PASSED_ON: 'from the proxy' },
    ).then(async (started) => {
      client = await v1(new StreamableHTTPClientTransport(new URL(started.url)));
      return started;
    }));
  });
  afterAll(async () => {
    await client?.close();
    await stop(proxy);
  });

  it('holds what --env names and the allowlist, not the proxy’s secrets', async () => {
    const result = await client.callTool({ name: 'env', arguments: {} });
    const names = JSON.parse((result.content as { text: string }[])[0]?.text ?? '[]') as string[];
    expect(names).toEqual(expect.arrayContaining(['PATH', 'SET_FOR_IT', 'PASSED_ON']));
    expect(names).not.toContain('PROXY_CLIENT_SECRET');
  });
});
