// Opens a URL in the user's browser: $BROWSER when set (`none` opens nothing), else the platform's opener. The
// URL is printed too, so a machine without a browser (or a failed opener) still lets the user log in elsewhere.
import { spawn } from 'node:child_process';

/** The opener command for this platform, or undefined when $BROWSER says none. */
function opener(url: string, env: NodeJS.ProcessEnv): [string, string[]] | undefined {
  if (env.BROWSER === 'none') return undefined;
  if (env.BROWSER) return [env.BROWSER, [url]];
  if (process.platform === 'darwin') return ['open', [url]];
  if (process.platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', url]];
  return ['xdg-open', [url]];
}

/**
 * Prints the URL with `say`, then opens it (http and https only; never through a shell).
 * @example openBrowser(new URL('https://auth.example.com/authorize?…'), (line) => process.stderr.write(`${line}\n`));
 */
export function openBrowser(url: URL, say: (line: string) => void, env: NodeJS.ProcessEnv = process.env): void {
  say(`To log in, open: ${url.href}`);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return;
  const command = opener(url.href, env);
  if (command === undefined) return;
  try {
    const child = spawn(command[0], command[1], { stdio: 'ignore', detached: true });
    child.on('error', () => undefined);
    child.unref();
  } catch {
    // No opener: the printed URL is the way.
  }
}
