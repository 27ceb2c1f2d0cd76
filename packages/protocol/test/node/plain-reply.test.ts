// A server answering plain JSON over node:http never loads the Fetch implementation (Node's bundled
// undici behind the Request/Response globals): half a megabyte of heap it has no use for.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('../fixtures/http-server-fetch-probe.ts', import.meta.url));
const headers = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' };

describe('node adapter: plain replies', () => {
  it('serves initialize, tools/list and tools/call without loading undici', async () => {
    const child = spawn(
      process.execPath,
      ['--conditions=@decorum/source', '--import', '@decorum/cli/register', fixture],
      {
        stdio: ['pipe', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    const seen = (pattern: RegExp) =>
      new Promise<RegExpExecArray>((resolve) => {
        const check = () => {
          const match = pattern.exec(stderr);
          if (match) resolve(match);
          else child.stderr.once('data', check);
        };
        check();
      });
    child.stderr.on('data', (chunk) => {
      stderr += String(chunk);
    });
    try {
      const [, url, atStart] = (await seen(/MCP endpoint: (\S+) fetch loaded at start: (\w+)/)) as string[];
      // serveHttp loads node:http by getBuiltinModule: on Node 22 its ES-module namespace would load undici.
      expect(atStart).toBe('false');
      const post = (body: unknown, extra: Record<string, string> = {}) =>
        fetch(url as string, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
      const init = await post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      });
      expect(init.status).toBe(200);
      const session = {
        'mcp-session-id': init.headers.get('mcp-session-id') as string,
        'mcp-protocol-version': '2025-11-25',
      };
      expect((await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, session)).status).toBe(202);
      const list = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, session);
      expect((await list.json()).result.tools.length).toBeGreaterThan(0);
      const call = await post(
        { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } },
        session,
      );
      expect(call.headers.get('content-type')).toBe('application/json');
      expect((await call.json()).result.content[0].text).toContain('hi');
      child.stdin.write('probe\n');
      expect((await seen(/fetch loaded: (\w+)\n/))[1]).toBe(atStart);
    } finally {
      child.kill();
    }
  });
});
