import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, resolve } from 'node:path';
import { PassThrough, Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StdioTransport, type StdioTransportOptions } from '../../src/stdio.js';
import type { FrameError } from '../../src/transports/transport.js';

type Event = { message: unknown } | { frameError: FrameError };

/** A transport over PassThrough streams that records what it delivers, in order. */
function harness(options: StdioTransportOptions = {}) {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new StdioTransport({ input, output, ...options });
  const events: Event[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const record = (event: Event) => {
    events.push(event);
    for (const waiter of waiters.filter((w) => events.length >= w.count)) waiter.resolve();
  };
  transport.onmessage = (message) => record({ message });
  transport.onframeerror = (frameError) => record({ frameError });
  const until = (count: number) =>
    new Promise<Event[]>((done) => {
      if (events.length >= count) done(events);
      else waiters.push({ count, resolve: () => done(events) });
    });
  return { input, output, transport, events, until };
}

const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
const frame = (value: unknown) => `${JSON.stringify(value)}\n`;

/** A Writable that records every chunk and completes each write only when told to. */
function slowWritable(highWaterMark: number) {
  const chunks: string[] = [];
  const pending: Array<() => void> = [];
  const writable = new Writable({
    highWaterMark,
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk.toString('utf8'));
      pending.push(() => callback());
    },
  });
  return { writable, chunks, release: () => pending.shift()?.() };
}

const epipe = () => Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });

describe('StdioTransport: reading', () => {
  it('joins a frame split across chunks', async () => {
    const { input, transport, until } = harness();
    await transport.start();
    input.write('{"jsonrpc":"2.0",');
    input.write('"id":1,"meth');
    input.write('od":"ping"}\n');
    expect(await until(1)).toEqual([{ message: ping(1) }]);
    await transport.close();
  });

  it('decodes multi-byte characters split between chunks', async () => {
    const { input, transport, until } = harness();
    await transport.start();
    const text = 'prix 5 € 😀 ✓';
    const bytes = Buffer.from(frame({ jsonrpc: '2.0', method: 'echo', params: { text } }));
    const euro = bytes.indexOf(0xe2);
    const emoji = bytes.indexOf(0xf0);
    input.write(bytes.subarray(0, euro + 1));
    input.write(bytes.subarray(euro + 1, emoji + 2));
    input.write(bytes.subarray(emoji + 2));
    expect(await until(1)).toEqual([{ message: { jsonrpc: '2.0', method: 'echo', params: { text } } }]);
    await transport.close();
  });

  it('delivers several frames from one chunk, skipping empty lines', async () => {
    const { input, transport, until } = harness();
    await transport.start();
    input.write(`${frame(ping(1))}\n${frame(ping(2))}\n\n${frame(ping(3))}`);
    expect(await until(3)).toEqual([{ message: ping(1) }, { message: ping(2) }, { message: ping(3) }]);
    await transport.close();
  });

  it('accepts CRLF line endings, also when the \\r and \\n arrive apart', async () => {
    const { input, transport, until, events } = harness({ maxFrameBytes: '{"a":1}'.length });
    await transport.start();
    input.write('{"a":1}\r\n\r\n{"b":2}\r');
    input.write('\n');
    expect(await until(2)).toEqual([{ message: { a: 1 } }, { message: { b: 2 } }]);
    expect(events).toHaveLength(2);
    await transport.close();
  });

  it('delivers a chunk of ASCII and non-ASCII lines in order, sizes counted in bytes either way', async () => {
    const exact = frame({ t: 'abcd' }).length - 1;
    const { input, transport, until } = harness({ maxFrameBytes: exact });
    await transport.start();
    // At the limit: ASCII (also before \r\n), and "éab", whose "é" is two bytes. Over it by one byte:
    // "abcde", and "éabc", which has as many characters as the limit.
    input.write(`${frame({ t: 'abcd' })}${frame({ t: 'éab' })}{"t":"abcd"}\r\n`);
    input.write(`${frame({ t: 'abcde' })}${frame({ t: 'éabc' })}{"t":`);
    input.write('"ab"}\n');
    const limit = { frameError: { code: -32600, message: `Frame exceeds the ${exact}-byte limit` } };
    expect(await until(6)).toEqual([
      { message: { t: 'abcd' } },
      { message: { t: 'éab' } },
      { message: { t: 'abcd' } },
      limit,
      limit,
      { message: { t: 'ab' } },
    ]);
    await transport.close();
  });

  it('reports invalid JSON as -32700 and keeps serving', async () => {
    const { input, transport, until } = harness();
    await transport.start();
    input.write(`{oops\n${frame(ping(2))}`);
    const [error, next] = await until(2);
    expect(error).toEqual({ frameError: { code: -32700, message: expect.stringMatching(/^Parse error: /) } });
    expect(next).toEqual({ message: ping(2) });
    await transport.close();
  });

  it('reports an oversized line as -32600 once its end arrives, then serves the next frame', async () => {
    const { input, transport, until } = harness({ maxFrameBytes: 16 });
    await transport.start();
    input.write(`"${'x'.repeat(40)}"\n`); // in one chunk
    input.write(`"${'y'.repeat(10)}`); // across chunks
    input.write(`${'y'.repeat(10)}"`);
    input.write(`\n${frame({ ok: 1 })}`);
    const limit = { frameError: { code: -32600, message: 'Frame exceeds the 16-byte limit' } };
    expect(await until(3)).toEqual([limit, limit, { message: { ok: 1 } }]);
    await transport.close();
  });

  it('reports a throwing onmessage handler through onerror and delivers the frames after it', async () => {
    const { input, transport } = harness();
    const onerror = vi.fn();
    const delivered: unknown[] = [];
    transport.onerror = onerror;
    transport.onmessage = (message) => {
      delivered.push(message);
      if (delivered.length === 1) throw new Error('handler bug');
    };
    // the bad last line marks the point where everything before it has been handled
    const lastLine = new Promise<void>((done) => {
      transport.onframeerror = () => done();
    });
    await transport.start();
    input.write(`${frame(ping(1))}${frame(ping(2))}{bad\n`);
    await lastLine;
    expect(delivered).toEqual([ping(1), ping(2)]);
    expect(onerror).toHaveBeenCalledExactlyOnceWith(expect.objectContaining({ message: 'handler bug' }));
    await transport.close();
  });

  it('skips a 10 MB line without holding it in memory', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const chunk = 64 * 1024;
    const sent: WeakRef<ArrayBufferLike>[] = [];
    let retained = Number.POSITIVE_INFINITY;
    async function* stream() {
      for (let bytes = 0; bytes < 10 * 1024 * 1024; bytes += chunk) {
        const piece = Buffer.alloc(chunk, 0x61); // its own ArrayBuffer, which any view keeps alive
        sent.push(new WeakRef(piece.buffer));
        yield piece;
      }
      // WeakRef targets stay pinned until the current job ends; one event-loop turn releases them
      await new Promise(setImmediate);
      gc();
      retained = sent.filter((ref) => ref.deref() !== undefined).length * chunk;
      yield Buffer.from(`\n${frame(ping(7))}`);
    }
    const input = Readable.from(stream(), { objectMode: false });
    const transport = new StdioTransport({ input, output: new PassThrough(), maxFrameBytes: 1024 * 1024 });
    const events: Event[] = [];
    transport.onmessage = (message) => events.push({ message });
    transport.onframeerror = (frameError) => events.push({ frameError });
    const closed = new Promise<void>((done) => {
      transport.onclose = done;
    });
    await transport.start();
    await closed;
    expect(events).toEqual([
      { frameError: { code: -32600, message: 'Frame exceeds the 1048576-byte limit' } },
      { message: ping(7) },
    ]);
    // a transport that buffered the line would still hold all 10 MB here
    expect(retained).toBeLessThanOrEqual(2 * chunk);
  });
});

describe('StdioTransport: writing', () => {
  it('writes each message, or batch, as one newline-terminated line in one write', async () => {
    const { writable, chunks, release } = slowWritable(1024 * 1024);
    writable._write = (chunk: Buffer, _encoding, callback) => {
      chunks.push(chunk.toString('utf8'));
      callback();
    };
    const transport = new StdioTransport({ input: new PassThrough(), output: writable });
    await transport.start();
    const notification = { jsonrpc: '2.0' as const, method: 'log', params: { text: 'two\nlines' } };
    await transport.send(notification);
    await transport.send([
      { jsonrpc: '2.0', id: 1, result: {} },
      { jsonrpc: '2.0', id: 2, result: {} },
    ]);
    expect(chunks).toEqual([
      frame(notification),
      '[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":2,"result":{}}]\n',
    ]);
    release();
    await transport.close();
  });

  it('waits for drain when the output is full, and does not write past it', async () => {
    const { writable, chunks, release } = slowWritable(16);
    const transport = new StdioTransport({ input: new PassThrough(), output: writable });
    await transport.start();
    let firstDone = false;
    const first = transport.send({ jsonrpc: '2.0', method: 'a', params: { pad: 'x'.repeat(64) } }).then(() => {
      firstDone = true;
    });
    await new Promise(setImmediate);
    // Sent once the first frame filled the output: it waits for the drain.
    const second = transport.send({ jsonrpc: '2.0', method: 'b' });
    await new Promise(setImmediate);
    expect(firstDone).toBe(false);
    expect(chunks).toHaveLength(1);
    release();
    await first;
    await new Promise(setImmediate);
    expect(chunks).toHaveLength(2);
    release();
    await second;
    await transport.close();
  });

  it('writes the frames sent in one tick together, in order, and each sender waits for the write', async () => {
    const { writable, chunks, release } = slowWritable(1024);
    const transport = new StdioTransport({ input: new PassThrough(), output: writable });
    await transport.start();
    const sends = [ping(1), ping(2), ping(3)].map((message) => transport.send(message as never));
    expect(chunks).toHaveLength(0);
    await Promise.all(sends);
    expect(chunks).toEqual([[ping(1), ping(2), ping(3)].map(frame).join('')]);
    release();
    await transport.close();
  });

  it('still writes the frames of the current tick when closed right after sending them', async () => {
    const { writable, chunks, release } = slowWritable(1024);
    const transport = new StdioTransport({ input: new PassThrough(), output: writable });
    await transport.start();
    const sent = transport.send(ping(1) as never);
    await transport.close();
    await sent;
    expect(chunks).toEqual([frame(ping(1))]);
    release();
  });

  it('rejects sends after close', async () => {
    const { transport } = harness();
    await transport.start();
    await transport.close();
    await expect(transport.send(ping(1) as never)).rejects.toThrow(/closed/);
  });
});

describe('StdioTransport: shutdown', () => {
  let transports: StdioTransport[] = [];
  afterEach(async () => {
    for (const transport of transports) await transport.close();
    transports = [];
  });

  it('closes once when the input ends, delivering an unterminated last frame', async () => {
    const { input, transport, events } = harness();
    let closes = 0;
    const closed = new Promise<void>((done) => {
      transport.onclose = () => {
        closes++;
        done();
      };
    });
    await transport.start();
    input.end(JSON.stringify(ping(9)));
    await closed;
    await transport.close();
    expect(closes).toBe(1);
    expect(events).toEqual([{ message: ping(9) }]);
    expect(input.listenerCount('data')).toBe(0);
    expect(input.listenerCount('end')).toBe(0);
    expect(input.isPaused()).toBe(true);
  });

  it('treats an EPIPE on write as the peer leaving: closes once, reports no error, throws nothing', async () => {
    const output = new Writable({ write: (_chunk, _encoding, callback) => callback(epipe()) });
    const transport = new StdioTransport({ input: new PassThrough(), output });
    transports.push(transport);
    const onerror = vi.fn();
    let closes = 0;
    transport.onerror = onerror;
    const closed = new Promise<void>((done) => {
      transport.onclose = () => {
        closes++;
        done();
      };
    });
    await transport.start();
    await expect(transport.send(ping(1) as never)).rejects.toThrow(/closed/);
    await closed;
    await expect(transport.send(ping(2) as never)).rejects.toThrow(/closed/);
    expect(closes).toBe(1);
    expect(onerror).not.toHaveBeenCalled();
  });

  it('closes once on an output error emitted later, reporting it unless it is EPIPE', async () => {
    for (const [error, reported] of [
      [epipe(), 0],
      [new Error('disk on fire'), 1],
    ] as const) {
      const output = new PassThrough();
      const transport = new StdioTransport({ input: new PassThrough(), output });
      const onerror = vi.fn();
      const onclose = vi.fn();
      transport.onerror = onerror;
      const closed = new Promise<void>((done) => {
        transport.onclose = () => {
          onclose();
          done();
        };
      });
      await transport.start();
      await transport.send(ping(1) as never);
      output.destroy(error);
      await closed;
      expect(output.closed).toBe(true); // its 'close' came after 'error' and did not close us again
      expect(onclose).toHaveBeenCalledTimes(1);
      expect(onerror).toHaveBeenCalledTimes(reported);
    }
  });

  it('close() is idempotent and leaves the streams themselves alone', async () => {
    const { input, output, transport } = harness();
    const onclose = vi.fn();
    transport.onclose = onclose;
    await transport.start();
    await transport.close();
    await transport.close();
    expect(onclose).toHaveBeenCalledTimes(1);
    expect(input.destroyed || output.destroyed).toBe(false);
    expect(output.listenerCount('error')).toBe(0);
  });
});

describe('StdioTransport: stdout hygiene', () => {
  it('redirects other writes to process.stdout to stderr, warns once, and restores on close', async () => {
    const original = process.stdout.write;
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const { output, transport } = harness({ captureStdout: true });
    try {
      await transport.start();
      expect(process.stdout.write).not.toBe(original);
      process.stdout.write('x');
      process.stdout.write('y');
      await transport.send(ping(1) as never);
      expect(stderr.mock.calls.map((call) => call[0])).toEqual([
        '[decorum] stdout is reserved for MCP protocol frames in stdio mode; redirected output to stderr\n',
        'x',
        'y',
      ]);
      expect(output.read()?.toString()).toBe(frame(ping(1)));
    } finally {
      await transport.close();
      stderr.mockRestore();
    }
    expect(process.stdout.write).toBe(original);
  });

  it('leaves process.stdout alone when the output is another stream', async () => {
    const original = process.stdout.write;
    const { transport } = harness();
    await transport.start();
    expect(process.stdout.write).toBe(original);
    await transport.close();
  });
});

describe('StdioTransport: a real child process', () => {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
  const fixture = fileURLToPath(new URL('../fixtures/stdio-echo.ts', import.meta.url));
  const spawnEcho = () =>
    spawn(process.execPath, ['--conditions=@decorum/source', '--import', '@decorum/cli/register', fixture], {
      cwd: root,
    });
  const collect = (child: ChildProcessWithoutNullStreams) => {
    const out = { stdout: '', stderr: '' };
    child.stdout.on('data', (chunk: Buffer) => {
      out.stdout += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      out.stderr += chunk.toString('utf8');
    });
    return out;
  };

  it('echoes frames on stdout while console.log output lands on stderr', async () => {
    const child = spawnEcho();
    const out = collect(child);
    const exited = once(child, 'exit');
    const replies = new Promise<void>((done) => {
      child.stdout.on('data', () => {
        if (out.stdout.split('\n').length > 3) done();
      });
    });
    const messages = [ping(1), { jsonrpc: '2.0', method: 'note', params: { text: 'héllo 😀' } }];
    child.stdin.write(`${frame(messages[0])}not json\r\n`);
    child.stdin.write(frame(messages[1]));
    await replies;
    child.stdin.end();
    const [code] = await exited;
    const lines = out.stdout.split('\n').filter((line) => line !== '');
    const parsed = lines.map((line) => JSON.parse(line));
    expect(parsed).toEqual([
      messages[0],
      { jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } },
      messages[1],
    ]);
    expect(out.stdout).not.toContain('noise');
    expect(out.stderr).toContain('noise');
    expect(out.stderr).toContain('[decorum] stdout is reserved for MCP protocol frames');
    expect(code).toBe(0);
  });

  it('exits cleanly when its stdout reader goes away (EPIPE)', async () => {
    const child = spawnEcho();
    const out = collect(child);
    const exited = once(child, 'exit');
    child.stdout.destroy();
    child.stdin.write(frame(ping(1)));
    // stdin stays open: only the EPIPE can end the child
    const [code] = await exited;
    expect(out.stderr).not.toMatch(/EPIPE|Uncaught|Error/);
    expect(code).toBe(0);
  });
});
