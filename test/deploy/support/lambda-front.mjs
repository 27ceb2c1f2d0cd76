// A stand-in for a Lambda function URL: an HTTP server on a free loopback port that turns each request
// into a function URL event (payload format 2.0) and runs the handler with lambda-local, whose
// awslambda.streamifyResponse polyfill hands back the response stream as Lambda's does.
// Usage: node lambda-front.mjs <bundle.mjs> <handler export>; prints "front listening on <url>".
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const lambdaLocal = require('lambda-local');
const [bundle, handler] = process.argv.slice(2);

/** Lambda's own cap on a request payload. */
const MAX_EVENT_BYTES = 6 * 1024 * 1024;

/** The function URL event for a request and its body, as Lambda builds it. */
function urlEvent(request, body, host) {
  const url = new URL(request.url, `http://${host}`);
  const headers = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const cookies = request.headers.cookie?.split(/;\s*/);
  const text = body.toString('utf8');
  // Lambda sends a body base64-encoded unless it is text; JSON-RPC bodies are text.
  const binary = body.length > 0 && !Buffer.from(text, 'utf8').equals(body);
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    ...(cookies && { cookies }),
    requestContext: {
      domainName: host,
      http: { method: request.method, path: url.pathname, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1' },
      requestId: crypto.randomUUID(),
      timeEpoch: Date.now(),
    },
    ...(body.length > 0 && { body: binary ? body.toString('base64') : text, isBase64Encoded: binary }),
  };
}

function answer(response, result) {
  // Streamed (lambda-local's StreamingBody, a Node stream) or buffered (the handler's return value); the
  // tests read which from x-lambda-response.
  const streamed = typeof result.body?.pipe === 'function';
  const headers = {
    ...result.headers,
    ...(result.cookies && { 'set-cookie': result.cookies }),
    'x-lambda-response': streamed ? 'stream' : 'buffered',
  };
  response.writeHead(result.statusCode ?? 200, headers);
  if (streamed) {
    result.body.pipe(response);
    response.once('close', () => result.body.destroy());
    return;
  }
  response.end(result.isBase64Encoded ? Buffer.from(result.body ?? '', 'base64') : (result.body ?? ''));
}

const server = createServer((request, response) => {
  const chunks = [];
  let size = 0;
  request.on('data', (chunk) => {
    size += chunk.length;
    if (size > MAX_EVENT_BYTES) {
      response.writeHead(413).end();
      request.destroy();
      return;
    }
    chunks.push(chunk);
  });
  request.on('end', () => {
    const event = urlEvent(request, Buffer.concat(chunks), request.headers.host ?? '127.0.0.1');
    lambdaLocal
      .execute({ lambdaPath: bundle, lambdaHandler: handler, esm: true, event, timeoutMs: 60_000, verboseLevel: 0 })
      .then(
        (result) => answer(response, result),
        (error) => {
          // lambda-local reports a failure as Lambda does: { errorType, errorMessage, stackTrace }.
          const reported =
            error?.errorMessage === undefined ? (error?.stack ?? error) : `${error.errorType}: ${error.errorMessage}`;
          process.stderr.write(`handler failed: ${reported}\n`);
          if (!response.headersSent) response.writeHead(502);
          response.end();
        },
      );
  });
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`front listening on http://127.0.0.1:${server.address().port}\n`);
});
// A stand-in: open connections (SSE streams, keep-alive) need no draining.
process.on('SIGTERM', () => process.exit(0));
