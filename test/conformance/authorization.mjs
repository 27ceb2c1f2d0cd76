// `conformance authorization` (0.2.0-alpha.12): the authorization-server scenarios (metadata endpoint,
// authorization code grant) against test/conformance/authorization-server.ts. The suite prints an authorization
// URL and waits for a browser; the fixture plays the user (signs in upstream, consents). Resolves with the
// per-scenario results and prints one line: `authorization: P passed, F failed`.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A port free at the time of asking, for the suite's callback server (it cannot take port 0). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * @param {{ root: string, node: string, cli: string, outputDir: string }} options
 * @returns {Promise<{ summary: Map<string, { passed: number, failed: number }>, out: string }>}
 */
export async function runAuthorization({ root, node, cli, outputDir }) {
  const fixture = spawn(
    process.execPath,
    [
      '--conditions=@decorum/source',
      '--import',
      '@decorum/cli/register',
      join(root, 'test/conformance/authorization-server.ts'),
    ],
    { cwd: root, stdio: ['pipe', 'inherit', 'pipe'] },
  );
  let log = '';
  const started = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the authorization server did not start:\n${log}`)), 60_000);
    fixture.stderr.setEncoding('utf8').on('data', (chunk) => {
      log += chunk;
      const found = /AS issuer: (\S+)\nMCP resource: (\S+)/.exec(log);
      if (found) {
        clearTimeout(timer);
        resolve({ issuer: found[1], resource: found[2] });
      }
    });
    fixture.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the authorization server exited (${code}):\n${log}`));
    });
  });
  const { issuer, resource } = started;
  try {
    const port = await freePort();
    const args = ['authorization', '--url', issuer, '--client-id', 'conformance-client', '--resource', resource];
    args.push('--port', String(port), '-o', outputDir);
    const suite = spawn(node, [cli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const take = (chunk) => {
      out += chunk;
      // Each authorization URL the suite prints goes to the fixture, which completes it as a user would.
      for (const line of chunk.split('\n')) if (line.startsWith(`${issuer}/`)) fixture.stdin.write(`${line}\n`);
    };
    suite.stdout.setEncoding('utf8').on('data', take);
    suite.stderr.setEncoding('utf8').on('data', (chunk) => {
      out += chunk;
    });
    const code = await new Promise((resolve) => suite.once('exit', (c, signal) => resolve(c ?? signal)));
    const summary = new Map();
    for (const match of out.matchAll(/^[✓✗] (\S+): (\d+) passed, (\d+) failed$/gmu)) {
      summary.set(match[1], { passed: Number(match[2]), failed: Number(match[3]) });
    }
    if (summary.size === 0) throw new Error(`conformance authorization printed no summary (exit ${code}):\n${out}`);
    const passed = [...summary.values()].filter((s) => s.failed === 0).length;
    console.log(`authorization: ${passed} passed, ${summary.size - passed} failed`);
    return { summary, out };
  } finally {
    fixture.stdin.end();
    fixture.kill('SIGTERM');
  }
}
