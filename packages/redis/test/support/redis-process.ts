// A redis-server of the test's own, on a free port, that the test can stop and start again with or
// without its data (an outage the test controls and measures). Starts nothing when imported (see
// redis-server.ts for the test Redis a file gets): the one launcher of the repository's tests.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const SKIP_REASON =
  'no Redis: DECORUM_TEST_REDIS_URL is not set (e.g. redis://127.0.0.1:6379) and no redis-server is installed to start one';

/** A key prefix unique to one test, so tests sharing a Redis never see each other's keys. */
export const uniquePrefix = () => `decorum-test:${crypto.randomUUID()}:`;

/** True when a redis-server binary is on the PATH (CI installs one). */
export function hasRedisServer(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** A port free at the time of asking (the OS picks it; redis-server cannot listen on port 0 and tell). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Sends one inline command and resolves with the first reply line (or undefined if Redis hung up). */
function command(port: number, line: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    let reply = '';
    socket.setEncoding('utf8');
    socket.once('error', reject);
    socket.once('connect', () => socket.write(`${line}\r\n`));
    socket.on('data', (chunk: string) => {
      reply += chunk;
      if (reply.includes('\r\n')) {
        socket.end();
        resolve(reply.slice(0, reply.indexOf('\r\n')));
      }
    });
    socket.once('close', () => resolve(reply === '' ? undefined : reply));
  });
}

/**
 * One redis-server process with its data directory. Persistence is off (`--save ''`): the data
 * survives a stop only as the test asks (`SHUTDOWN SAVE` writes the RDB file that the next start
 * loads, `SAVE` a snapshot to come back to); a stop without data removes the file.
 */
export class RedisServer {
  private child?: ChildProcess;
  private readonly dir = mkdtempSync(join(tmpdir(), 'decorum-redis-'));

  private constructor(readonly port: number) {}

  /** A server of the test's own on a free port, started. */
  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.start();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.child !== undefined;
  }

  /** Starts the process on its port (again) and resolves once it accepts connections. */
  async start(): Promise<void> {
    const child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--dir',
        this.dir,
        '--dbfilename',
        'dump.rdb',
        '--save',
        '',
        '--appendonly',
        'no',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const output: string[] = [];
    await new Promise<void>((resolve, reject) => {
      child.stdout?.setEncoding('utf8');
      child.stdout?.on('data', (chunk: string) => {
        output.push(chunk);
        if (output.join('').includes('Ready to accept connections')) resolve();
      });
      child.once('error', reject);
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}):\n${output.join('')}`)));
    });
    child.stdout?.removeAllListeners('data');
    child.stdout?.resume();
    this.child = child;
  }

  /**
   * Stops the process. `all`: it writes its dataset first, which the next start loads; `none`: the next
   * start is empty; `last-save`: the next start loads the last {@link save}, what a crash of a Redis that
   * snapshots now and then comes back with (sessions known, counters behind).
   */
  async stop({ keepData }: { keepData: 'all' | 'none' | 'last-save' }): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) {
      if (keepData === 'none') rmSync(join(this.dir, 'dump.rdb'), { force: true });
      return;
    }
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    // SHUTDOWN closes the connection without a reply when it succeeds.
    await command(this.port, keepData === 'all' ? 'SHUTDOWN SAVE' : 'SHUTDOWN NOSAVE').catch(() => undefined);
    await gone;
    if (keepData === 'none') rmSync(join(this.dir, 'dump.rdb'), { force: true });
  }

  /**
   * A crash: SIGKILL, nothing written on the way out; the next start loads the last {@link save}, or
   * starts empty when there was none. Resolves once the process has exited.
   */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await gone;
  }

  /** Writes a snapshot now (SAVE), for a later `stop({ keepData: 'last-save' })`. */
  async save(): Promise<void> {
    const reply = await command(this.port, 'SAVE');
    if (reply !== '+OK') throw new Error(`SAVE answered ${reply}`);
  }

  /** Sends one inline command; resolves with the first line of the reply (`:1`, `+OK`, `$-1`…). */
  reply(line: string): Promise<string | undefined> {
    return command(this.port, line);
  }

  /** Keys in the current database (to check that a stop without data really lost it). */
  async dbsize(): Promise<number> {
    const reply = await command(this.port, 'DBSIZE');
    return Number(reply?.slice(1));
  }

  /** Stops the process (if it runs) and removes its data directory. */
  async close(): Promise<void> {
    await this.stop({ keepData: 'none' });
    rmSync(this.dir, { recursive: true, force: true });
  }
}
