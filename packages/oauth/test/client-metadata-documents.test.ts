// Client ID metadata documents: fetched over real TLS from loopback with the Node fetcher, which refuses private
// addresses outside dev mode, oversized and slow documents; a document's redirect URIs are the only ones allowed.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeDocumentFetcher } from '../src/node/document-fetcher.js';
import { FetchBrowser } from './support/browser.js';
import { authorizeUrl, CLIENT_REDIRECT, type Harness, pkce, signIn, startHarness } from './support/harness.js';
import { type HttpsSite, selfSignedCertificate, startHttpsSite, type TlsMaterial } from './support/tls.js';

let tls: TlsMaterial;
let site: HttpsSite;
let h: Harness;
const fetches: string[] = [];
/** Open responses of the slow document, ended after the test. */
const hanging: ServerResponse[] = [];

const doc = (path: string, extra: Record<string, unknown> = {}) => ({
  client_id: `${site.origin}${path}`,
  client_name: 'Metadata Client',
  redirect_uris: [CLIENT_REDIRECT],
  token_endpoint_auth_method: 'none',
  ...extra,
});

beforeAll(async () => {
  tls = selfSignedCertificate();
  site = await startHttpsSite(tls, (req, res) => {
    fetches.push(req.url ?? '');
    const path = req.url ?? '';
    const send = (body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(200, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (path === '/good.json') return send(doc(path), { 'cache-control': 'max-age=60' });
    if (path === '/other-redirects.json') return send(doc(path, { redirect_uris: ['https://app.example/cb'] }));
    if (path === '/wrong-id.json') return send(doc('/someone-else.json'));
    if (path === '/secret.json') return send(doc(path, { token_endpoint_auth_method: 'client_secret_post' }));
    if (path === '/big.json') return send(doc(path, { client_name: 'x'.repeat(20_000) }));
    if (path === '/slow.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"client_id":');
      hanging.push(res);
      return;
    }
    res.writeHead(404).end();
  });
  h = await startHarness({
    clientIdMetadataDocuments: {
      fetch: nodeDocumentFetcher({ allowPrivateAddresses: true, ca: tls.cert }),
      // Generous: the good documents must arrive within it on a loaded machine; only /slow.json meets it.
      timeoutMs: 3000,
    },
  });
});
afterAll(async () => {
  for (const res of hanging) res.end();
  await h.close();
  await site.close();
});

const limits = { maxBytes: 5120, timeoutMs: 5000 };

describe('the Node fetcher', () => {
  it('CIMD on a private address: refuses a loopback IP literal outside dev mode', async () => {
    const fetcher = nodeDocumentFetcher({ ca: tls.cert });
    await expect(fetcher(new URL(`${site.origin}/good.json`), limits)).rejects.toThrow(/private or loopback/);
    expect(fetches).not.toContain('/good.json');
  });

  it('CIMD on a private address: refuses a name that resolves to loopback (checked at connect time)', async () => {
    const fetcher = nodeDocumentFetcher({ ca: tls.cert });
    const url = new URL(`${site.origin.replace('127.0.0.1', 'localhost')}/good.json`);
    await expect(fetcher(url, limits)).rejects.toThrow(/private or loopback/);
  });

  it('refuses IPv4-mapped IPv6, link-local and private ranges', async () => {
    const fetcher = nodeDocumentFetcher();
    for (const host of ['[::ffff:127.0.0.1]', '[::1]', '169.254.169.254', '10.0.0.1', '192.168.1.1', '[fd00::1]']) {
      await expect(fetcher(new URL(`https://${host}/client.json`), limits)).rejects.toThrow(/private or loopback/);
    }
  });

  it('CIMD oversized: stops past maxBytes', async () => {
    const fetcher = nodeDocumentFetcher({ allowPrivateAddresses: true, ca: tls.cert });
    await expect(fetcher(new URL(`${site.origin}/big.json`), limits)).rejects.toThrow(/larger than 5120 bytes/);
  });

  it('CIMD slow: gives up at the deadline', async () => {
    const fetcher = nodeDocumentFetcher({ allowPrivateAddresses: true, ca: tls.cert });
    await expect(fetcher(new URL(`${site.origin}/slow.json`), { maxBytes: 5120, timeoutMs: 300 })).rejects.toThrow(
      /no complete answer within 300 ms/,
    );
  });
});

describe('authorization with a metadata document client', () => {
  const authorizeWith = (clientId: string, redirectUri = CLIENT_REDIRECT) =>
    fetch(
      authorizeUrl(h.issuer, { client_id: clientId, redirect_uri: redirectUri, code_challenge: pkce().challenge }),
      {
        redirect: 'manual',
      },
    );

  it('completes the flow: the document is fetched once (HTTP caching) and its redirect URI accepted', async () => {
    const clientId = `${site.origin}/good.json`;
    const { verifier, challenge } = pkce();
    const back = await signIn(
      new FetchBrowser(),
      authorizeUrl(h.issuer, { client_id: clientId, code_challenge: challenge }),
    );
    const code = back.searchParams.get('code') as string;
    const response = await fetch(new URL('/oauth/token', h.issuer), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: clientId,
        code,
        code_verifier: verifier,
        redirect_uri: CLIENT_REDIRECT,
      }),
    });
    expect(response.status).toBe(200);
    await authorizeWith(clientId);
    expect(fetches.filter((f) => f === '/good.json')).toHaveLength(1);
  });

  it('CIMD listing other redirect URIs: a redirect_uri the document does not list is refused', async () => {
    const response = await authorizeWith(`${site.origin}/other-redirects.json`);
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
    expect(await response.text()).toContain('Invalid redirect URI');
  });

  for (const [name, path, reason] of [
    ['names another client_id', '/wrong-id.json', 'another client_id'],
    ['declares a client secret', '/secret.json', 'no client secret'],
    ['is oversized', '/big.json', 'larger than'],
    ['is slow', '/slow.json', 'no complete answer'],
    ['is missing', '/missing.json', 'HTTP 404'],
  ] as const) {
    it(`refuses a document that ${name}`, async () => {
      const response = await authorizeWith(`${site.origin}${path}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('location')).toBeNull();
      expect(await response.text()).toContain(reason);
    });
  }

  it('refuses http and root-path client ids', async () => {
    for (const id of ['http://127.0.0.1:1/client.json', `${site.origin}/`]) {
      const response = await authorizeWith(id);
      expect(response.status).toBe(400);
    }
  });

  it('refuses a private address through the default fetcher (no dev mode)', async () => {
    const plain = await startHarness({}, h.standIn);
    try {
      const refused = await fetch(
        authorizeUrl(plain.issuer, { client_id: `${site.origin}/good.json`, code_challenge: pkce().challenge }),
        { redirect: 'manual' },
      );
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain('private or loopback');
    } finally {
      await plain.close();
    }
  });
});
