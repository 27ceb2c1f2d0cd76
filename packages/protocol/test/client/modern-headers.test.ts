// The 2026-07-28 request headers the HTTP client sends: Mcp-Method and Mcp-Name (base64 when not plain ASCII), and
// Mcp-Param-* for tool arguments whose schema says `x-mcp-header` — which the engine checks against the body.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeHeaderValue } from '../../src/client/request-headers.js';
import { connectHttp } from '../../src/client.js';
import { ProtocolServer } from '../../src/index.js';
import { type HttpServing, serveHttp } from '../../src/node.js';

describe('modern-era request headers', () => {
  let serving: HttpServing;
  const seen: Record<string, string | null>[] = [];

  beforeAll(async () => {
    const server = new ProtocolServer({ serverInfo: { name: 'headers', version: '1.0.0' } });
    server.setTools({
      list: () => [
        {
          name: 'forecast',
          description: 'A forecast for a region',
          inputSchema: {
            type: 'object',
            properties: { region: { type: 'string', 'x-mcp-header': 'Region' }, days: { type: 'number' } },
          },
        },
        { name: 'météo', description: 'A tool whose name is not ASCII', inputSchema: { type: 'object' } },
      ],
      call: ({ name, arguments: args }) => ({ content: [{ type: 'text', text: `${name} ${JSON.stringify(args)}` }] }),
    });
    serving = await serveHttp(server, { port: 0 });
  });
  afterAll(() => serving.close());

  // Records the headers of each tools/call the client sends.
  const recording: typeof fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    if (headers.get('mcp-method') === 'tools/call') {
      seen.push({
        name: headers.get('mcp-name'),
        region: headers.get('mcp-param-region'),
        version: headers.get('mcp-protocol-version'),
      });
    }
    return fetch(input, init);
  };

  it('mirrors an x-mcp-header argument, listing the tools first when it had not', async () => {
    const client = await connectHttp(serving.url, { protocolVersion: '2026-07-28', fetch: recording });
    const result = await client.callTool('forecast', { region: 'Île-de-France', days: 2 });
    expect(result.content).toEqual([{ type: 'text', text: 'forecast {"region":"Île-de-France","days":2}' }]);
    const region = encodeHeaderValue('Île-de-France');
    expect(region).toMatch(/^=\?base64\?.+\?=$/);
    // Refused once with -32020 (no header: the client did not know the schema), then sent with it.
    expect(seen.slice(-2)).toEqual([
      { name: 'forecast', region: null, version: '2026-07-28' },
      { name: 'forecast', region, version: '2026-07-28' },
    ]);
    const again = await client.callTool('forecast', { region: 'Kent' });
    expect(again.content).toEqual([{ type: 'text', text: 'forecast {"region":"Kent"}' }]);
    expect(seen.at(-1)).toEqual({ name: 'forecast', region: 'Kent', version: '2026-07-28' });
    await client.close();
  });

  it('encodes a name that is not plain ASCII', async () => {
    const client = await connectHttp(serving.url, { protocolVersion: '2026-07-28', fetch: recording });
    expect((await client.callTool('météo')).content).toEqual([{ type: 'text', text: 'météo {}' }]);
    expect(seen.at(-1)?.name).toBe(encodeHeaderValue('météo'));
    expect(atob(String(seen.at(-1)?.name).slice(9, -2))).toBe(
      String.fromCharCode(...new TextEncoder().encode('météo')),
    );
    await client.close();
  });
});
