// DNS-rebinding checks on their own: checkOrigin (the public per-call form) and the OriginGuard an endpoint keeps.
import { describe, expect, it } from 'vitest';
import { OriginGuard } from '../../src/http/security.js';
import { checkOrigin } from '../../src/index.js';

const request = (host: string, origin?: string) =>
  new Request(`http://${host}/mcp`, { method: 'POST', headers: { host, ...(origin && { origin }) } });

describe('Host and Origin checks', () => {
  it('checkOrigin: loopback by default, a foreign Host or Origin refused with 403', async () => {
    expect(checkOrigin(request('127.0.0.1:3000'))).toBeUndefined();
    expect(checkOrigin(request('localhost:3000', 'http://localhost:5173'))).toBeUndefined();
    const refused = checkOrigin(request('evil.example.com')) as Response;
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.message).toBe('Forbidden: Host "evil.example.com" is not allowed');
    expect(checkOrigin(request('127.0.0.1', 'null'))?.status).toBe(403);
  });

  it('allowed origins as full origins (trailing slash ignored) or bare hosts, allowed hosts with or without a port', () => {
    const policy = {
      allowedHosts: ['mcp.example.com', 'api.example.com:8443'],
      allowedOrigins: ['https://App.example.com/', 'tools.example.com'],
    };
    const guard = new OriginGuard(policy);
    expect(guard.refusal(request('mcp.example.com:1234', 'https://app.example.com'))).toBeUndefined();
    expect(guard.refusal(request('mcp.example.com', 'http://tools.example.com:9000'))).toBeUndefined();
    expect(guard.refusal(request('mcp.example.com', 'http://app.example.com'))?.status).toBe(403);
    expect(guard.refusal(request('api.example.com:8443'))).toBeUndefined();
    expect(guard.refusal(request('api.example.com:8444'))?.status).toBe(403);
    expect(checkOrigin(request('MCP.example.com'), policy)).toBeUndefined();
    expect(new OriginGuard({ enabled: false }).refusal(request('evil.example.com'))).toBeUndefined();
  });
});
