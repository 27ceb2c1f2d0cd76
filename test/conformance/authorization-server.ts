// The authorization server the `conformance authorization` run tests: a Decorum server whose OAuthServer signs
// users in with a GitHub-shaped stand-in on loopback, with one public client (`conformance-client`, redirect URI
// http://127.0.0.1:<any port>/callback). It prints its issuer on stderr, then reads authorization URLs from stdin
// (the suite prints one and waits for a browser): for each, it signs `alice` in, consents, and delivers the
// redirect to the suite's callback server, as the user's browser would.
import { createInterface } from 'node:readline';
import { serveHttp } from '@decorum/protocol/node';
import { OAuthServer } from '../../packages/oauth/src/index.js';
import { github } from '../../packages/oauth/src/upstream/presets.js';
import { FetchBrowser } from '../../packages/oauth/test/support/browser.js';
import { startGitHubStandIn } from '../../packages/oauth/test/support/github-stand-in.js';
import { ENCRYPTION_KEY, reposServer, signIn } from '../../packages/oauth/test/support/harness.js';

const standIn = await startGitHubStandIn({ id: 'gh-client', secret: 'gh-secret' });
const serving = await serveHttp(reposServer(standIn.url), {
  port: 0,
  host: '127.0.0.1',
  auth: (endpoint) =>
    new OAuthServer({
      issuer: endpoint.origin,
      resource: endpoint,
      upstream: github({ clientId: 'gh-client', clientSecret: 'gh-secret', baseUrl: standIn.url, apiUrl: standIn.url }),
      encryptionKeys: [ENCRYPTION_KEY],
      clients: [
        { clientId: 'conformance-client', clientName: 'Conformance', redirectUris: ['http://127.0.0.1:3000/callback'] },
      ],
    }),
});
process.stderr.write(`AS issuer: ${serving.url.origin}\nMCP resource: ${serving.url.href}\n`);

const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  const url = line.trim();
  if (!url.startsWith(`${serving.url.origin}/`)) continue;
  const redirectUri = new URL(url).searchParams.get('redirect_uri') ?? '';
  try {
    const back = await signIn(new FetchBrowser(), url, redirectUri);
    await (await fetch(back)).text();
  } catch (error) {
    process.stderr.write(`the sign-in did not complete: ${error instanceof Error ? error.message : String(error)}\n`);
  }
}
await serving.close();
await standIn.close();
