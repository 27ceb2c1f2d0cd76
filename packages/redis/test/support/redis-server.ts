// A redis-server of the test's own (for restart tests), on a free loopback port, and the URL of
// the shared test Redis (DECORUM_TEST_REDIS_URL, which CI sets; tests that need it skip without).
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export const TEST_REDIS_URL = process.env.DECORUM_TEST_REDIS_URL;
export const SKIP_REASON = 'DECORUM_TEST_REDIS_URL is not set (CI sets it; e.g. redis://127.0.0.1:6379)';

/** A key prefix unique to one test, so tests sharing a Redis never see each other's keys. */
export const uniquePrefix = () => `decorum-test:${crypto.randomUUID()}:`;

/** A port that was free a moment ago (the OS picks it). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** One redis-server process that can be stopped and started again on the same port. */
export class OwnRedis {
  private child?: ChildProcess;

  private constructor(readonly port: number) {}

  static async start(): Promise<OwnRedis> {
    const redis = new OwnRedis(await freePort());
    await redis.start();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server and resolves once it accepts connections. */
  async start(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    await new Promise<void>((resolve, reject) => {
      let output = '';
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) resolve();
      });
    });
    child.removeAllListeners('exit');
  }

  /** Stops the server and resolves once the process has exited. */
  async stop(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child === undefined || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await exited;
  }
}
