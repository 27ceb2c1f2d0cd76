// A small GitHub-shaped OAuth 2.0 provider on loopback (not GitHub, not a mock of Decorum): a login form at
// /login/oauth/authorize, codes with PKCE, /login/oauth/access_token (JSON on Accept, expiring tokens with
// refresh like a GitHub App), and the API's /user and /user/repos for the bearer token's user.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export interface StandIn {
  url: string;
  /** Every access and refresh token it ever issued (to prove none leaks). */
  issued: string[];
  /** Every bearer credential its API was called with (the MCP client's token must never be among them). */
  bearers: string[];
  /** Number of refresh grants served. */
  refreshes: number;
  /** Lifetime of the next access tokens, in seconds. */
  tokenLifetime: number;
  close(): Promise<void>;
}

interface Code {
  login: string;
  redirectUri: string;
  challenge?: string;
  clientId: string;
}

const USERS: Record<string, { id: number; name: string; repos: string[] }> = {
  alice: { id: 1001, name: 'Alice Liddell', repos: ['alice/wonderland', 'alice/looking-glass'] },
  bob: { id: 1002, name: 'Bob Builder', repos: ['bob/yes-we-can'] },
  carol: { id: 1003, name: 'Carol Danvers', repos: [] },
};

const token = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

export async function startGitHubStandIn(client: { id: string; secret: string }): Promise<StandIn> {
  const codes = new Map<string, Code>();
  const access = new Map<string, { login: string; expiresAt: number }>();
  const refresh = new Map<string, string>();
  const state: StandIn = { url: '', issued: [], bearers: [], refreshes: 0, tokenLifetime: 3600, close: async () => {} };
  const issue = (login: string) => {
    const at = token('ghu');
    const rt = token('ghr');
    access.set(at, { login, expiresAt: Date.now() / 1000 + state.tokenLifetime });
    refresh.set(rt, login);
    state.issued.push(at, rt);
    return {
      access_token: at,
      token_type: 'bearer',
      scope: 'repo',
      expires_in: state.tokenLifetime,
      refresh_token: rt,
    };
  };
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', state.url);
    const body = req.method === 'POST' ? await readBody(req) : new URLSearchParams();
    const send = (status: number, value: unknown, type = 'application/json') => {
      res.writeHead(status, { 'content-type': type });
      res.end(typeof value === 'string' ? value : JSON.stringify(value));
    };
    if (url.pathname === '/login/oauth/authorize' && req.method === 'GET') {
      const q = url.searchParams;
      if (q.get('client_id') !== client.id) return send(400, 'unknown client', 'text/plain');
      const hidden = ['redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'client_id']
        .map((k) => `<input type="hidden" name="${k}" value="${(q.get(k) ?? '').replace(/"/g, '&quot;')}">`)
        .join('');
      return send(
        200,
        `<!doctype html><title>Sign in to GitHub</title><form method="post" action="/session">${hidden}<input name="login" id="login"><button id="sign-in" type="submit">Sign in</button></form>`,
        'text/html',
      );
    }
    if (url.pathname === '/session' && req.method === 'POST') {
      const login = body.get('login') ?? '';
      if (!(login in USERS)) return send(401, 'no such user', 'text/plain');
      const code = token('code');
      codes.set(code, {
        login,
        redirectUri: body.get('redirect_uri') ?? '',
        challenge: body.get('code_challenge') || undefined,
        clientId: body.get('client_id') ?? '',
      });
      const back = new URL(body.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', body.get('state') ?? '');
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/login/oauth/access_token' && req.method === 'POST') {
      if (body.get('client_id') !== client.id || body.get('client_secret') !== client.secret)
        return send(200, { error: 'incorrect_client_credentials' });
      if (body.get('grant_type') === 'refresh_token') {
        const login = refresh.get(body.get('refresh_token') ?? '');
        if (login === undefined) return send(200, { error: 'bad_refresh_token' });
        refresh.delete(body.get('refresh_token') ?? '');
        state.refreshes++;
        return send(200, issue(login));
      }
      const code = codes.get(body.get('code') ?? '');
      codes.delete(body.get('code') ?? '');
      if (code === undefined || code.redirectUri !== body.get('redirect_uri'))
        return send(200, { error: 'bad_verification_code' });
      const verifier = body.get('code_verifier') ?? '';
      if (code.challenge !== undefined && createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
        return send(200, { error: 'bad_verification_code' });
      return send(200, issue(code.login));
    }
    const bearer = /^(?:Bearer|token) (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    if (bearer !== undefined) state.bearers.push(bearer);
    const holder = bearer === undefined ? undefined : access.get(bearer);
    if (holder === undefined || holder.expiresAt < Date.now() / 1000) return send(401, { message: 'Bad credentials' });
    const user = USERS[holder.login] as (typeof USERS)[string];
    if (url.pathname === '/user') return send(200, { id: user.id, login: holder.login, name: user.name });
    if (url.pathname === '/user/repos')
      return send(
        200,
        user.repos.map((full_name) => ({ full_name })),
      );
    return send(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  state.url = `http://127.0.0.1:${address.port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}

async function readBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
