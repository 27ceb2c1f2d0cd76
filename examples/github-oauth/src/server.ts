// An MCP server that signs users in with GitHub: Decorum is the OAuth authorization server MCP clients talk to
// (metadata, registration by DCR or client ID metadata document, consent), GitHub is where users sign in, and
// `list_repos` calls GitHub with the user's own token from the vault. Configure it with the environment:
//   GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET  an OAuth App's credentials (callback: <MCP_PUBLIC_URL origin>/oauth/callback)
//   OAUTH_ENCRYPTION_KEY                    32 random bytes, base64url (seals GitHub tokens and signing keys)
//   MCP_PUBLIC_URL                          the URL clients use, e.g. https://mcp.example.com/mcp (default: the local one)
//   PORT (3000), REDIS_URL (optional: state shared by instances, kept across restarts)
//   GITHUB_BASE_URL, GITHUB_API_URL         GitHub Enterprise Server, or a local stand-in in the tests
import 'reflect-metadata';
import { InstanceContainer, McpApp } from '@decorum/core';
import { github, OAuthServer, type OAuthStore } from '@decorum/oauth';
import { RedisOAuthStore } from '@decorum/oauth/node';
import { Repositories } from './repos.js';

type Env = Record<string, string | undefined>;

/** The running server: its MCP endpoint URL and how to stop it. */
export interface GitHubExample {
  url: URL;
  close(): Promise<void>;
}

function required(env: Env, name: string): string {
  const value = env[name];
  if (value === undefined || value === '') throw new Error(`examples/github-oauth: set ${name} (see README.md)`);
  return value;
}

/** Starts the server from `env`. */
export async function serveGitHubExample(env: Env = process.env): Promise<GitHubExample> {
  const apiUrl = env.GITHUB_API_URL ?? 'https://api.github.com';
  const clientId = required(env, 'GITHUB_CLIENT_ID');
  const clientSecret = required(env, 'GITHUB_CLIENT_SECRET');
  const encryptionKey = required(env, 'OAUTH_ENCRYPTION_KEY');
  let store: (OAuthStore & { close(): Promise<void> }) | undefined;
  if (env.REDIS_URL) store = new RedisOAuthStore({ url: env.REDIS_URL });
  const app = new McpApp({
    name: 'github-repos',
    version: '0.1.0',
    title: 'My GitHub repositories',
    providers: [Repositories],
    container: new InstanceContainer([new Repositories(apiUrl)]),
  });
  const { url } = await app.listen({
    http: {
      port: Number(env.PORT ?? 3000),
      auth: (endpoint) => {
        const resource = env.MCP_PUBLIC_URL ? new URL(env.MCP_PUBLIC_URL) : endpoint;
        return new OAuthServer({
          issuer: resource.origin,
          resource,
          upstream: github({
            clientId,
            clientSecret,
            baseUrl: env.GITHUB_BASE_URL,
            apiUrl,
            // The MCP scope `repos:read` asks GitHub for `repo` (private repositories included).
            scopeMap: { 'repos:read': ['repo'] },
          }),
          encryptionKeys: [encryptionKey],
          scopesSupported: ['repos:read'],
          store,
        });
      },
    },
  });
  return {
    url: url as URL,
    close: async () => {
      await app.close();
      await store?.close();
    },
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { url } = await serveGitHubExample();
  process.stderr.write(`MCP endpoint: ${url.href} (sign in with GitHub)\n`);
}
