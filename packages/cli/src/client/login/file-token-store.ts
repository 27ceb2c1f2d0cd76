// The CLI's token store: one JSON file per MCP server (named by a hash of its URL) in a directory only the user
// can read, each file mode 0600, written whole and renamed into place so a crash never leaves half a file.
import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { StoredAuthorization, TokenStore } from '@decorum/protocol/client';

/** Where the files are: $DECORUM_AUTH_DIR, else $XDG_CONFIG_HOME/decorum/auth, else ~/.config/decorum/auth. */
export function authDirectory(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DECORUM_AUTH_DIR) return env.DECORUM_AUTH_DIR;
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'decorum', 'auth');
}

/** The file of one server. */
export function authFile(server: URL, directory = authDirectory()): string {
  const key = new URL(server);
  key.hash = '';
  return join(directory, `${createHash('sha256').update(key.href).digest('hex').slice(0, 32)}.json`);
}

/**
 * A {@link TokenStore} in a file of its own for `server` (mode 0600, directory 0700).
 * @example new OAuthClient({ server: url, store: fileTokenStore(url), … })
 */
export function fileTokenStore(server: URL, directory = authDirectory()): TokenStore {
  const file = authFile(server, directory);
  return {
    load() {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        return undefined;
      }
      try {
        const value = JSON.parse(text) as StoredAuthorization & { server?: string };
        // A file for another server (a hash collision, a copied file) is not used.
        return value.server === server.href ? value : undefined;
      } catch {
        return undefined;
      }
    },
    save(value) {
      mkdirSync(directory, { recursive: true, mode: 0o700 });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, `${JSON.stringify({ server: server.href, ...value }, null, 2)}\n`, { mode: 0o600 });
      chmodSync(temporary, 0o600);
      renameSync(temporary, file);
    },
  };
}
