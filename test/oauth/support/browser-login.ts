// Headless Chromium as the user: signs in at the upstream (oidc-provider's dev login or the GitHub stand-in),
// accepts the upstream's own consent prompt, then Decorum's consent page, until the flow is back at the client.
import type { BrowserContext } from 'playwright-core';

/** Clicks through every page of an authorization flow as `login` until `cameBack()` says the client has its code. */
export async function clickThroughLogin(
  browser: BrowserContext,
  url: URL,
  login: string,
  cameBack: () => boolean,
): Promise<void> {
  const page = await browser.newPage();
  try {
    await page.goto(url.href, { waitUntil: 'domcontentloaded' });
    for (let step = 0; step < 8 && !cameBack(); step++) {
      let button: string;
      if ((await page.locator('input[name="login"]').count()) > 0) {
        await page.fill('input[name="login"]', login);
        if ((await page.locator('input[name="password"]').count()) > 0)
          await page.fill('input[name="password"]', 'any');
        button = 'button[type="submit"]';
      } else if ((await page.locator('#allow').count()) > 0) {
        button = '#allow'; // Decorum's consent page
      } else if ((await page.locator('button.login-submit').count()) > 0) {
        button = 'button.login-submit'; // the upstream's own consent prompt
      } else {
        throw new Error(`nothing to click at ${page.url()}: ${(await page.content()).slice(0, 300)}`);
      }
      await Promise.all([page.waitForNavigation({ waitUntil: 'domcontentloaded' }), page.click(button)]);
    }
    if (!cameBack()) throw new Error(`the flow did not come back: stuck at ${page.url()}`);
  } finally {
    await page.close();
  }
}
