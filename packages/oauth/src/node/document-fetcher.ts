import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { AnswerTooLargeError, type BoundedBody, readBoundedText } from '@decorum/protocol/fetch';
import type { DocumentFetcher, FetchedDocument } from '../clients/metadata-document.js';
import { isPrivateAddress, privateAddresses } from './private-address.js';

/** Options of {@link nodeDocumentFetcher}. */
export interface NodeDocumentFetcherOptions {
  /**
   * DEV MODE ONLY: let metadata documents be fetched from private and loopback addresses (a client on your
   * machine or LAN). Never in production: anyone could then make the server fetch internal URLs.
   */
  allowPrivateAddresses?: boolean;
  /** Extra CA certificates (PEM) to trust, e.g. a local test certificate. */
  ca?: string | Buffer | readonly (string | Buffer)[];
}

/**
 * Fetches client ID metadata documents over https with the SSRF guards of MCP authorization: the address
 * the connection actually uses is checked (a DNS answer is checked as it is used, so rebinding gains
 * nothing; IP literals too), no redirect is followed, the body stops at `maxBytes` and the whole fetch (body
 * included) at `timeoutMs` — read by `@decorum/protocol/fetch`'s bounded reader, the client's own — and
 * `Cache-Control` is read for caching.
 * @example new OAuthServer({ …, clientIdMetadataDocuments: { fetch: nodeDocumentFetcher() } })
 */
export function nodeDocumentFetcher(options: NodeDocumentFetcherOptions = {}): DocumentFetcher {
  const blocked = privateAddresses();
  const allowed = (address: string) => options.allowPrivateAddresses === true || !isPrivateAddress(address, blocked);
  const lookup: LookupFunction = (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => !allowed(a.address));
      if (bad !== undefined || list.length === 0) {
        return callback(new Error('the host resolves to a private or loopback address'), '', 0);
      }
      if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      const first = list[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
  return (url, limits) =>
    new Promise<FetchedDocument>((resolve, reject) => {
      if (url.protocol !== 'https:') return reject(new Error('only https is fetched'));
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (isIP(host) !== 0 && !allowed(host)) return reject(new Error('the host is a private or loopback address'));
      // One deadline over connecting, the headers and the body: it aborts the body read (the shared bounded reader)
      // and destroys the request.
      const deadline = new AbortController();
      const timer = setTimeout(
        () => deadline.abort(new Error(`no complete answer within ${limits.timeoutMs} ms`)),
        limits.timeoutMs,
      );
      let settled = false;
      const finish = (error: Error | undefined, value?: FetchedDocument) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (error) {
          req.destroy();
          reject(error);
        } else resolve(value as FetchedDocument);
      };
      deadline.signal.addEventListener('abort', () => finish(deadline.signal.reason as Error), { once: true });
      const req = request(
        url,
        {
          method: 'GET',
          lookup,
          ca: options.ca as string | undefined,
          headers: { accept: 'application/json', 'user-agent': 'decorum-oauth' },
          // No agent: each fetch opens its own connection, so a pooled socket never skips the address check.
          agent: false,
        },
        (res) => {
          const headers = new Headers();
          const length = res.headers['content-length'];
          if (length !== undefined) headers.set('content-length', length);
          const body = Readable.toWeb(res) as unknown as BoundedBody['body'];
          // A redirect is not followed: its status is answered, and the caller refuses anything but 200.
          readBoundedText({ headers, body }, limits.maxBytes, 'the document', deadline.signal).then(
            (text) => {
              const cache = String(res.headers['cache-control'] ?? '').toLowerCase();
              const maxAge = /(?:^|[,\s])max-age=(\d+)/.exec(cache);
              finish(undefined, {
                status: res.statusCode ?? 0,
                body: text,
                maxAgeSeconds: maxAge ? Number(maxAge[1]) : undefined,
                noStore: /(?:^|[,\s])(no-store|no-cache)/.test(cache),
              });
            },
            (error: unknown) =>
              finish(
                error instanceof AnswerTooLargeError
                  ? new Error(`the document is larger than ${limits.maxBytes} bytes`)
                  : deadline.signal.aborted
                    ? (deadline.signal.reason as Error)
                    : new Error('the fetch failed'),
              ),
          );
        },
      );
      req.on('error', (error) =>
        finish(new Error(error.message.includes('private') ? error.message : 'the fetch failed')),
      );
      req.end();
    });
}
