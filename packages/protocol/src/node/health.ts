// Liveness and readiness endpoints beside the MCP endpoint, as Fetch handlers (serveHttp's `routes`).
// Liveness says the process answers; readiness says it should get traffic: not while it drains on
// shutdown, nor while a shared store it needs (Redis, through the ScaleOut) is unreachable.

/** One readiness check: true when ready. A check that throws or takes over `timeoutMs` counts as not ready. */
export type ReadinessCheck = () => boolean | Promise<boolean>;

/** Options of the health endpoints (`serveHttp`'s `health`). */
export interface HealthOptions {
  /** Path of the liveness probe. Default `/healthz`. */
  livenessPath?: string;
  /** Path of the readiness probe. Default `/readyz`. */
  readinessPath?: string;
  /** More readiness checks by name (a database, an upstream API); each result is listed in the answer. */
  checks?: Readonly<Record<string, ReadinessCheck>>;
  /** How long a check may take, in ms. Default 2000. */
  timeoutMs?: number;
}

/** What the readiness probe reads of the server it reports on. */
export interface HealthState {
  /** True once shutdown began: the instance should get no new traffic. */
  draining(): boolean;
  /** Checks contributed by the server itself (the shared store). */
  checks: Readonly<Record<string, ReadinessCheck>>;
}

type Route = (request: Request) => Promise<Response> | Response;

const NO_STORE = { 'cache-control': 'no-store' };

async function run(check: ReadinessCheck, timeoutMs: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([Promise.resolve().then(check), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The liveness and readiness routes for `state`: `GET /healthz` answers 200 while the process runs;
 * `GET /readyz` answers 200 when every check passes, 503 while draining or when one fails, with
 * `{ status, checks }` as JSON. `serveHttp` adds a `store` check from its `scaleOut`: with
 * `@decorum/redis` it fails while Redis is unreachable on either of its connections, and at startup
 * until Redis first answers, so a load balancer polling `/readyz` sends traffic to an instance only
 * once it can store sessions (`{"status":"not ready","checks":{"store":"failing"}}` until then).
 * @example
 * await serveHttp(server, { health: false, routes: healthRoutes({ draining: () => false, checks: {} }) });
 */
export function healthRoutes(state: HealthState, options: HealthOptions = {}): Record<string, Route> {
  const { livenessPath = '/healthz', readinessPath = '/readyz', timeoutMs = 2000 } = options;
  const checks = { ...state.checks, ...options.checks };
  const liveness: Route = () => Response.json({ status: 'ok' }, { headers: NO_STORE });
  const readiness: Route = async () => {
    if (state.draining()) return Response.json({ status: 'draining' }, { status: 503, headers: NO_STORE });
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((name) => run(checks[name] as ReadinessCheck, timeoutMs)));
    const report = Object.fromEntries(names.map((name, i) => [name, results[i] ? 'ok' : 'failing']));
    const ready = results.every(Boolean);
    return Response.json(
      { status: ready ? 'ready' : 'not ready', checks: report },
      { status: ready ? 200 : 503, headers: NO_STORE },
    );
  };
  return { [livenessPath]: liveness, [readinessPath]: readiness };
}
