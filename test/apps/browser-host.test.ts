// MCP Apps in a real browser: Debian's headless Chromium (driven by playwright-core, no browser
// download) loads a host page built on the ext-apps host-side bridge, served by a running Decorum
// server next to its Streamable HTTP endpoint (port 0). The host calls show_stats, renders its
// ui:// view (bundled by the CLI's Vite single-file step) in a sandboxed iframe; the view receives
// the result, calls the app-only refresh_stats through the host, and shows the answer.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWeatherApp } from '../../examples/weather/src/server.js';
import { bundleUi } from '../../packages/cli/src/build/ui-bundle.js';
import type { McpApp } from '../../packages/core/src/index.js';
import { CHROMIUM, launchChromium } from '../support/chromium.js';
import { REPO_ROOT } from '../support/spawn-fixture.js';
import { createCardApp } from './fixtures/card-app.js';
import { createDashboardApp, statsFor } from './fixtures/dashboard-app.js';

const HERE = join(REPO_ROOT, 'test', 'apps');
const ARTIFACTS = join(HERE, '.artifacts');
const available = existsSync(CHROMIUM);
// Locally a machine without Chromium skips (saying why); in CI a missing browser is a failure.
const runs = available || process.env.CI !== undefined;
if (!runs) console.warn(`[browser-host] skipped: ${CHROMIUM} is missing (apt-get install -y chromium); CI runs it.`);

/** Asks the page's view to tear down, as a host does before removing it; the view's answer or error. */
function teardown(page: Page): Promise<string> {
  return page.evaluate(() => (globalThis as unknown as { teardownView(): Promise<string> }).teardownView());
}

describe.runIf(runs)('MCP App in headless Chromium through the ext-apps host bridge', () => {
  let app: McpApp;
  let weather: McpApp;
  let weatherBase: URL;
  let clock: McpApp;
  let card: McpApp;
  let cardBase: URL;
  let clockBase: URL;
  let context: BrowserContext;
  let profile: string;
  let base: URL;
  const counters = { refreshed: 0 };

  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    const fixtures = join(HERE, 'fixtures');
    const build = join(ARTIFACTS, 'build');
    const [view] = await bundleUi({ root: REPO_ROOT, sourceDir: join(fixtures, 'ui'), outDir: join(build, 'ui') });
    const [host] = await bundleUi({ root: REPO_ROOT, sourceDir: join(fixtures, 'host'), outDir: join(build, 'host') });
    if (view === undefined || host === undefined) throw new Error('the fixtures have no ui/host entries');
    const viewHtml = await readFile(view.output, 'utf8');
    const hostHtml = await readFile(host.output, 'utf8');
    // One self-contained file each: scripts and styles inlined, nothing to fetch from elsewhere.
    for (const html of [viewHtml, hostHtml]) {
      expect(html).not.toMatch(/<script[^>]*\ssrc=|<link[^>]*stylesheet/);
      expect(html).toMatch(/<script type="module"[^>]*>[^<]{100}/);
    }
    expect(viewHtml).toContain('#2456d6');
    app = createDashboardApp(() => viewHtml, counters);
    const url = (
      await app.listen({
        http: {
          port: 0,
          routes: {
            '/host': () => new Response(hostHtml, { headers: { 'content-type': 'text/html; charset=utf-8' } }),
          },
        },
      })
    ).url as URL;
    base = url;
    // The weather example's forecast view, behind the same host page, bundled from its sources now
    // (the example reads dist/ui/forecast.html, which an earlier run may have left behind).
    await bundleUi({ root: join(REPO_ROOT, 'examples/weather') });
    weather = createWeatherApp();
    const hostRoute = () => new Response(hostHtml, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    weatherBase = (await weather.listen({ http: { port: 0, routes: { '/host': hostRoute } } })).url as URL;
    // docs/examples/apps.ts: a view written against the postMessage protocol by hand. Loaded by path (it
    // belongs to the docs TypeScript project).
    const docs = (await import(`${REPO_ROOT}/docs/examples/apps.ts`)) as { createApp(): McpApp };
    clock = docs.createApp();
    clockBase = (await clock.listen({ http: { port: 0, routes: { '/host': hostRoute } } })).url as URL;
    // The app template's greeting card: its tools and its ui/ bundled, served at the template's view URI.
    const [cardView] = await bundleUi({
      root: REPO_ROOT,
      sourceDir: join(REPO_ROOT, 'templates/app/ui'),
      outDir: join(build, 'card'),
    });
    if (cardView === undefined) throw new Error('templates/app/ui has no view');
    const cardHtml = await readFile(cardView.output, 'utf8');
    card = createCardApp(cardHtml);
    cardBase = (await card.listen({ http: { port: 0, routes: { '/host': hostRoute } } })).url as URL;
    profile = await mkdtemp(join(tmpdir(), 'decorum-chromium-'));
    context = await launchChromium(profile, { viewport: { width: 640, height: 400 } });
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await app?.close();
    await weather?.close();
    await clock?.close();
    await card?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
  });

  it('renders the view, which gets the tool result and calls a server tool through the host', async () => {
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    const hostUrl = new URL('/host', base);
    hostUrl.searchParams.set('tool', 'show_stats');
    hostUrl.searchParams.set('args', JSON.stringify({ city: 'Lisbon' }));
    await page.goto(hostUrl.href);

    const iframe = page.locator('iframe[data-uri="ui://dashboard/app.html"]');
    await iframe.waitFor({ timeout: 30_000 });
    expect(await page.locator('body').getAttribute('data-model-tools')).toBe('ping,show_stats');
    expect(await iframe.getAttribute('sandbox')).toBe('allow-scripts');
    expect(await iframe.getAttribute('allow')).toBe('clipboard-write');

    const view = page.frameLocator('iframe[data-uri="ui://dashboard/app.html"]');
    const expected = statsFor('Lisbon').visitors;
    await view.locator('#visitors', { hasText: `${expected} visitors` }).waitFor({ timeout: 30_000 });
    expect(await view.locator('#city').textContent()).toBe('Lisbon');
    expect(await page.locator('#status').textContent()).toBe('show_stats result sent to ui://dashboard/app.html');

    await view.locator('#refresh').click();
    await view.locator('#refreshed', { hasText: 'refreshed:' }).waitFor({ timeout: 30_000 });
    expect(await view.locator('#refreshed').textContent()).toBe(`refreshed: ${expected + 1} visitors`);
    expect(counters.refreshed).toBe(1);
    // The view's styles came inlined in its one HTML file.
    expect(await view.locator('.big').evaluate((el) => getComputedStyle(el).fontWeight)).toBe('700');

    await page.screenshot({ path: join(ARTIFACTS, 'dashboard.png') });
    expect(await teardown(page)).toBe('answered {}');
    expect(consoleErrors).toEqual([]);
    expect(await page.locator('body').getAttribute('data-error')).toBeNull();
  }, 90_000);

  it('a host negotiating 2024-11-05 with the extension renders the view and keeps the app-only tool from its model', async () => {
    const page = await context.newPage();
    const hostUrl = new URL('/host', base);
    hostUrl.searchParams.set('tool', 'show_stats');
    hostUrl.searchParams.set('args', JSON.stringify({ city: 'Porto' }));
    hostUrl.searchParams.set('version', '2024-11-05');
    await page.goto(hostUrl.href);
    const view = page.frameLocator('iframe[data-uri="ui://dashboard/app.html"]');
    const expected = statsFor('Porto').visitors;
    await view.locator('#visitors', { hasText: `${expected} visitors` }).waitFor({ timeout: 30_000 });
    expect(await page.locator('body').getAttribute('data-protocol-version')).toBe('2024-11-05');
    expect(await page.locator('body').getAttribute('data-model-tools')).toBe('ping,show_stats');
    const before = counters.refreshed;
    await view.locator('#refresh').click();
    await view.locator('#refreshed', { hasText: 'refreshed:' }).waitFor({ timeout: 30_000 });
    expect(counters.refreshed).toBe(before + 1);
    expect(await teardown(page)).toBe('answered {}');
    expect(await page.locator('body').getAttribute('data-error')).toBeNull();
  }, 90_000);

  it("renders the weather example's forecast view and switches units through a server call", async () => {
    const page = await context.newPage();
    const hostUrl = new URL('/host', weatherBase);
    hostUrl.searchParams.set('tool', 'weather_forecast');
    hostUrl.searchParams.set('args', JSON.stringify({ city: 'Lisbon', days: 5 }));
    await page.goto(hostUrl.href);
    const view = page.frameLocator('iframe[data-uri="ui://weather/forecast.html"]');
    await view.locator('#title', { hasText: 'Lisbon, PT' }).waitFor({ timeout: 60_000 });
    expect(await view.locator('li.day').count()).toBe(5);
    expect(await view.locator('li.day').first().getAttribute('data-date')).toBe('2025-07-01');
    expect(await view.locator('.temp').first().textContent()).toMatch(/^-?\d+°C$/);
    await view.locator('#units').click();
    await view.locator('.temp', { hasText: '°F' }).first().waitFor({ timeout: 30_000 });
    expect(await view.locator('#units').textContent()).toBe('°C');
    await page.screenshot({ path: join(ARTIFACTS, 'weather-forecast.png') });
    expect(await teardown(page)).toBe('answered {}');
    expect(await page.locator('body').getAttribute('data-error')).toBeNull();
  }, 90_000);

  it("renders the app template's greeting card, which shouts through the app-only tool and answers teardown", async () => {
    const page = await context.newPage();
    const hostUrl = new URL('/host', cardBase);
    hostUrl.searchParams.set('tool', 'greet');
    hostUrl.searchParams.set('args', JSON.stringify({ name: 'Ada' }));
    await page.goto(hostUrl.href);
    const view = page.frameLocator('iframe[data-uri="ui://greeting/card.html"]');
    await view.locator('#greeting', { hasText: 'Hello, Ada!' }).waitFor({ timeout: 30_000 });
    expect(await page.locator('body').getAttribute('data-model-tools')).toBe('greet');
    await view.locator('#shout').click();
    await view.locator('#greeting', { hasText: 'HELLO, ADA!' }).waitFor({ timeout: 30_000 });
    expect(await teardown(page)).toBe('answered {}');
    expect(await page.locator('body').getAttribute('data-error')).toBeNull();
  }, 90_000);

  it("runs the docs example's hand-written view (raw postMessage protocol) against the same bridge", async () => {
    const page = await context.newPage();
    const hostUrl = new URL('/host', clockBase);
    hostUrl.searchParams.set('tool', 'clock');
    hostUrl.searchParams.set('args', JSON.stringify({ timeZone: 'Europe/Paris' }));
    await page.goto(hostUrl.href);
    const view = page.frameLocator('iframe[data-uri="ui://clock/view.html"]');
    await view.locator('#zone', { hasText: 'Europe/Paris' }).waitFor({ timeout: 30_000 });
    const first = await view.locator('#time').textContent();
    expect(first).toMatch(/^\d\d:\d\d:\d\d$/);
    await view.locator('#time').evaluate((el) => {
      el.textContent = 'asked again';
    });
    await view.locator('#tick').click();
    await view.locator('#time', { hasText: /^\d\d:\d\d:\d\d$/ }).waitFor({ timeout: 30_000 });
    await page.screenshot({ path: join(ARTIFACTS, 'docs-clock.png') });
    expect(await teardown(page)).toBe('answered {}');
    expect(await page.locator('body').getAttribute('data-error')).toBeNull();
  }, 90_000);
});
