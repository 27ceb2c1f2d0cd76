// A non-sticky reverse proxy on loopback: it picks the instance for each request from its path alone (no cookie,
// no session affinity), so a test decides which instance serves which step of a flow.
import { createServer, request, type Server } from 'node:http';

export interface PathProxy {
  url: string;
  /** The instance index each request went to, in order, with its path. */
  served: { path: string; instance: number }[];
  close(): Promise<void>;
}

export async function startPathProxy(
  targets: () => readonly URL[],
  choose: (path: string, method: string) => number,
): Promise<PathProxy> {
  const served: PathProxy['served'] = [];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://proxy').pathname;
    const index = choose(path, req.method ?? 'GET');
    const target = targets()[index] as URL;
    served.push({ path, instance: index });
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
