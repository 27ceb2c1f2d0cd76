// A minimal browser for flows driven with fetch: a cookie jar per origin, redirects followed by hand (so each
// Location can be checked), and HTML forms submitted by reading their fields. Chromium drives the e2e tests;
// this drives the many small ones.

export interface Hop {
  url: string;
  status: number;
  location?: string;
  body?: string;
}

export class FetchBrowser {
  readonly cookies = new Map<string, Map<string, string>>();
  readonly hops: Hop[] = [];

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const origin = new URL(url).origin;
    const jar = this.cookies.get(origin);
    const headers = new Headers(init.headers);
    if (jar && jar.size > 0) headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = (pair as string).indexOf('=');
      const name = (pair as string).slice(0, eq);
      const value = (pair as string).slice(eq + 1);
      const store = this.cookies.get(origin) ?? new Map<string, string>();
      if (/max-age=0/i.test(line)) store.delete(name);
      else store.set(name, value);
      this.cookies.set(origin, store);
    }
    return response;
  }

  /**
   * GETs `url` and follows redirects while `keepGoing` says so; on an HTML form, calls `fill` to choose the
   * fields and submits it. Stops at a URL `stopAt` matches (the client's redirect URI), without requesting it.
   */
  async navigate(
    url: string,
    options: {
      stopAt: (url: URL) => boolean;
      fill?: (page: string, fields: Record<string, string>) => Record<string, string> | undefined;
    },
  ): Promise<URL> {
    let next: { url: string; init?: RequestInit } = { url };
    for (let i = 0; i < 20; i++) {
      if (options.stopAt(new URL(next.url))) return new URL(next.url);
      const response = await this.request(next.url, next.init);
      const location = response.headers.get('location') ?? undefined;
      const body = location === undefined ? await response.text() : undefined;
      this.hops.push({ url: next.url, status: response.status, location, body });
      if (location !== undefined) {
        next = { url: new URL(location, next.url).href };
        continue;
      }
      const form = parseForm(body ?? '');
      if (form === undefined || options.fill === undefined)
        throw new Error(`stuck at ${next.url}: HTTP ${response.status}`);
      const fields = options.fill(body ?? '', form.fields);
      if (fields === undefined) throw new Error(`no way forward at ${next.url}`);
      next = {
        url: new URL(form.action, next.url).href,
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        },
      };
    }
    throw new Error('too many hops');
  }
}

/** The first form of a page: its action and its input fields (hidden ones with their values). */
export function parseForm(html: string): { action: string; fields: Record<string, string> } | undefined {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (!form) return undefined;
  const fields: Record<string, string> = {};
  for (const input of (form[2] as string).matchAll(/<input[^>]*>/gi)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    const value = /value="([^"]*)"/.exec(input[0])?.[1] ?? '';
    if (name !== undefined) fields[name] = decodeEntities(value);
  }
  return { action: decodeEntities(form[1] as string), fields };
}

const decodeEntities = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
