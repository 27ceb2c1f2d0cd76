// Quiet about secrets (#36): a stdio mount's server starts with an allowlisted environment (PATH, HOME, locale…) plus
// what the mount's `env` names — never the hub's own secrets — and a mount's errors name the mount, never its
// command line (whose arguments often hold a key).
import { McpApp, stdio } from '@decorum/core';
import { INHERITED_ENV } from '@decorum/protocol/client/stdio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectTestClient, type TestClient } from './mount-support.js';

const QUESTIONS = new URL('./fixtures/questions-server.mjs', import.meta.url).pathname;
const SECRET = 'DECORUM_TEST_HUB_CLIENT_SECRET';

describe('a stdio mount', () => {
  let hub: McpApp;
  let client: TestClient;

  beforeAll(async () => {
    process.env[SECRET] = 'hub-secret-value';
    hub = new McpApp({
      name: 'hub',
      version: '1.0.0',
      providers: [],
      mounts: [
        {
          prefix: 'q',
          server: stdio(process.execPath, [QUESTIONS, '--api-key=sk-in-argv'], {
            env: { NAMED_FOR_IT: 'yes' },
            stderr: 'ignore',
          }),
        },
      ],
    });
    const { url } = await hub.listen({ http: { port: 0 } });
    client = await connectTestClient('v1', url as URL);
  });
  afterAll(async () => {
    delete process.env[SECRET];
    await client?.close();
    await hub?.close();
  });

  it('starts its server with the allowlisted environment and what env names, not the hub’s secrets', async () => {
    const result = await client.call('q_env');
    const names = JSON.parse((result.content as { text: string }[])[0]?.text ?? '[]') as string[];
    expect(names).toContain('NAMED_FOR_IT');
    expect(names).toContain('PATH');
    expect(names).not.toContain(SECRET);
    expect(
      names.every((name) => INHERITED_ENV.includes(name) || name.startsWith('LC_') || name === 'NAMED_FOR_IT'),
    ).toBe(true);
  });

  it('names the mount in its errors, never its arguments', async () => {
    const failing = new McpApp({
      name: 'hub',
      version: '1.0.0',
      providers: [],
      mounts: [
        { prefix: 'bad', server: stdio(process.execPath, ['-e', 'process.exit(3)', '--', '--api-key=sk-in-argv']) },
      ],
    });
    const error = (await failing.listen({ http: { port: 0 } }).catch((e: Error) => e)) as Error;
    await failing.close();
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toContain('mount "bad" (node)');
    expect(error.message).toContain('exited with code 3');
    expect(error.message).not.toContain('sk-in-argv');
  });
});
