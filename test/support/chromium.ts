// Debian's headless Chromium for the browser tests, started the way this machine's closed network needs: without
// background networking, component updates or sync, each of which would try hosts it cannot reach.
import { type BrowserContext, chromium } from 'playwright-core';

/** Where `apt-get install chromium` puts the browser; the tests skip without it outside CI. */
export const CHROMIUM = '/usr/bin/chromium';

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A persistent headless context in `profile` (a fresh temporary folder), with any further options. */
export function launchChromium(
  profile: string,
  options: Parameters<typeof chromium.launchPersistentContext>[1] = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    ...options,
  });
}
