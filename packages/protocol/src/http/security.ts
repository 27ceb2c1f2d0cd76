import { ErrorCode } from '../jsonrpc/errors.js';
import type { HeaderReader, PlainReply } from './http-input.js';
import { errorReply } from './responses.js';

/** DNS-rebinding protection: which Host and Origin values an endpoint accepts. */
export interface OriginPolicy {
  /** On by default. Turn off only behind a proxy that checks Host and Origin itself. */
  enabled?: boolean;
  /**
   * Accepted Host header values: a hostname (any port) or `hostname:port`. Default: the loopback
   * names, which is right for the default bind address 127.0.0.1. Add your public hostname when
   * you bind elsewhere.
   */
  allowedHosts?: string[];
  /** Accepted Origin values (`scheme://host[:port]`) or bare hostnames (any scheme and port). Default: loopback. */
  allowedOrigins?: string[];
}

const LOOPBACK = ['localhost', '127.0.0.1', '[::1]'];

/** Splits `host[:port]` (IPv6 in brackets) into its parts. */
function splitHost(value: string): { hostname: string; port?: string } {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(value.trim().toLowerCase());
  return match ? { hostname: match[1] as string, port: match[2] } : { hostname: '' };
}

type HostRule = { hostname: string; port?: string };

function matches(rules: readonly HostRule[], host: string): boolean {
  const { hostname, port } = splitHost(host);
  return rules.some((rule) => rule.hostname === hostname && (rule.port === undefined || rule.port === port));
}

/** The Host and Origin checks of one policy, its allowlists parsed once. An endpoint builds one at startup. */
export class OriginGuard {
  private readonly enabled: boolean;
  private readonly hostRules: readonly HostRule[];
  /** Origin entries: a full origin to compare, or host rules (any scheme and port). */
  private readonly origins: readonly (string | HostRule)[];

  constructor(policy: OriginPolicy = {}) {
    this.enabled = policy.enabled !== false;
    const hosts = policy.allowedHosts ?? LOOPBACK;
    this.hostRules = hosts.map(splitHost);
    this.origins = (policy.allowedOrigins ?? hosts).map((entry) =>
      entry.includes('://') ? entry.toLowerCase().replace(/\/$/, '') : splitHost(entry),
    );
  }

  /** The 403 to send, or undefined when the request may go on (a request without Origin passes that check). */
  refusal(request: { url: string; headers: HeaderReader }): PlainReply | undefined {
    if (!this.enabled) return undefined;
    const host = request.headers.get('host') ?? new URL(request.url).host;
    if (!matches(this.hostRules, host)) {
      return errorReply(403, ErrorCode.InvalidRequest, `Forbidden: Host "${host}" is not allowed`);
    }
    const origin = request.headers.get('origin');
    if (origin !== null && !this.originAllowed(origin)) {
      return errorReply(403, ErrorCode.InvalidRequest, `Forbidden: Origin "${origin}" is not allowed`);
    }
    return undefined;
  }

  private originAllowed(origin: string): boolean {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false; // includes the opaque "null" origin
    }
    return this.origins.some((entry) =>
      typeof entry === 'string' ? entry === url.origin : matches([entry], url.host),
    );
  }
}

/**
 * Checks Host and Origin against the policy; returns the 403 to send, or undefined when the
 * request may go on. A request without Origin (a non-browser client) passes the Origin check.
 * Per call it parses the policy anew: an endpoint keeps an {@link OriginGuard} instead.
 */
export function checkOrigin(request: Request, policy: OriginPolicy = {}): Response | undefined {
  const refused = new OriginGuard(policy).refusal(request);
  return refused && new Response(refused.body, { status: refused.status, headers: refused.headers });
}
