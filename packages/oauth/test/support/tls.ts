// A self-signed certificate for 127.0.0.1 and localhost (openssl), and an https server on loopback port 0 that
// answers with a handler: the client ID metadata documents of the tests are served over real TLS.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TlsMaterial {
  key: string;
  cert: string;
}

export function selfSignedCertificate(): TlsMaterial {
  const dir = mkdtempSync(join(tmpdir(), 'decorum-oauth-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=IP:127.0.0.1,DNS:localhost',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface HttpsSite {
  origin: string;
  server: Server;
  close(): Promise<void>;
}

export async function startHttpsSite(
  tls: TlsMaterial,
  handler: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<HttpsSite> {
  const server = createServer({ key: tls.key, cert: tls.cert }, handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    origin: `https://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
