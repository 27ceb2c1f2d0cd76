// The parts of the CLI's login: the per-server token file (0600, never another server's), the loopback redirect
// listener, and the browser opener that prints the URL and opens only http(s).
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { authFile, fileTokenStore } from '../../src/client/login/file-token-store.js';
import { loopbackRedirect } from '../../src/client/login/loopback-redirect.js';
import { openBrowser } from '../../src/client/login/open-browser.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe('CLI login parts', () => {
  it('keeps one 0600 file per server, in a 0700 directory, and ignores a file written for another server', async () => {
    const base = await mkdtemp(join(tmpdir(), 'decorum-store-'));
    dirs.push(base);
    const dir = join(base, 'auth');
    const a = new URL('https://a.example/mcp');
    const b = new URL('https://b.example/mcp');
    const store = fileTokenStore(a, dir);
    expect(store.load()).toBeUndefined();
    store.save({ issuer: 'https://as.example', tokens: { access_token: 'at', token_type: 'Bearer' } });
    expect(store.load()).toMatchObject({ issuer: 'https://as.example', tokens: { access_token: 'at' } });
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(authFile(a, dir))).mode & 0o777).toBe(0o600);
    expect(await readdir(dir)).toHaveLength(1);
    // b's file holding a's content (copied by hand): not b's tokens.
    await writeFile(authFile(b, dir), JSON.stringify({ server: a.href, tokens: { access_token: 'at' } }));
    expect(fileTokenStore(b, dir).load()).toBeUndefined();
  });

  it('takes the browser coming back to /callback, once, and answers anything else with 404', async () => {
    const redirect = await loopbackRedirect();
    expect(redirect.uri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect((await fetch(new URL('/other', redirect.uri))).status).toBe(404);
    const page = await fetch(`${redirect.uri}?code=c1&state=s1`);
    expect(await page.text()).toContain('Logged in');
    expect(await redirect.callback).toBe(`${redirect.uri}?code=c1&state=s1`);
    await expect(fetch(redirect.uri)).rejects.toThrow();
  });

  it('gives up on a login that never comes back', async () => {
    const redirect = await loopbackRedirect({ timeoutMs: 1 });
    await expect(redirect.callback).rejects.toThrow('No login came back');
  });

  it('prints the URL, and opens nothing with BROWSER=none or for a scheme other than http(s)', () => {
    const said: string[] = [];
    openBrowser(new URL('https://as.example/authorize?x=1'), (line) => said.push(line), { BROWSER: 'none' });
    openBrowser(new URL('file:///etc/passwd'), (line) => said.push(line), { BROWSER: '/bin/false-never-run' });
    expect(said).toEqual(['To log in, open: https://as.example/authorize?x=1', 'To log in, open: file:///etc/passwd']);
  });
});
