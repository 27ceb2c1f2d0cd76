// Helpers of the scale-out e2e test: instances of examples/everything as separate processes, and a
// legacy call over raw HTTP (on the protocol tests' raw-http helpers, which read JSON or SSE answers
// with precise control of event ids and Last-Event-ID).
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { legacyPost, responseMessage } from '../../packages/protocol/test/support/raw-http.js';
import { exited, LineReader, spawnTs } from '../support/spawn-fixture.js';

export { TEST_REDIS_URL } from '../../packages/redis/test/support/redis-server.js';

/** One running instance: its process and MCP endpoint. */
export interface Instance {
  name: string;
  child: ChildProcessWithoutNullStreams;
  url: string;
  stderr: LineReader;
}

/** Starts the fixture on a free port with REDIS_URL set; resolves once it listens. */
export async function startInstance(name: string, redisUrl: string): Promise<Instance> {
  const child = spawnTs('test/scale-out/fixtures/everything-instance.ts', { PORT: '0', REDIS_URL: redisUrl });
  const stderr = new LineReader(child.stderr);
  new LineReader(child.stdout); // drained, never read
  const failed = exited(child).then(({ code, signal }) => {
    throw new Error(`instance ${name} exited (${code ?? signal}) before listening:\n${stderr.lines.join('\n')}`);
  });
  const line = await Promise.race([stderr.waitFor((l) => l.startsWith('MCP endpoint: ')), failed]);
  failed.catch(() => undefined);
  const url = (/MCP endpoint: (\S+)/.exec(line) as RegExpExecArray)[1] as string;
  return { name, child, url, stderr };
}

/** Kills an instance at once (no graceful close: what a crash looks like) and waits for it to be gone. */
export async function kill(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const gone = exited(instance.child);
  instance.child.kill('SIGKILL');
  await gone;
}

/** Ends an instance gracefully. */
export async function stop(instance: Instance): Promise<void> {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const gone = exited(instance.child);
  instance.child.kill('SIGTERM');
  await gone;
}

/** POSTs one legacy request and returns its response message (read from JSON or from the SSE stream). */
export async function legacyCall(
  url: string,
  sessionId: string | undefined,
  id: number,
  method: string,
  params: Record<string, unknown> = {},
): Promise<{ response: Response; message: Record<string, any> }> {
  const response = await legacyPost(url, sessionId, { jsonrpc: '2.0', id, method, params });
  return { response, message: await responseMessage(response, id) };
}
