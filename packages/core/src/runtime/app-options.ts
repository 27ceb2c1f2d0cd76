import type {
  EngineLogger,
  Icon,
  ObservabilityOptions,
  ProtocolServerOptions,
  StreamableHttpOptions,
} from '@decorum/protocol';
import type { NodeHandlerOptions } from '@decorum/protocol/node';
import type { Mount } from '../compose/mount-types.js';
import type { Transforms } from '../compose/transforms.js';
import type { Class } from '../metadata/types.js';
import type { ValidationLimits } from '../schema/input-limits.js';
import type { SkillsOptions } from '../skills/skill-options.js';
import type { AppTasksOption } from '../tasks/task-option.js';
import type { AppHost } from './app-host.js';
import type { Container } from './container.js';
import type { Guard, Interceptor } from './execution.js';
import type { SchemaServices } from './services.js';

/** Options of {@link McpApp}. */
export interface McpAppOptions {
  name: string;
  version: string;
  title?: string;
  description?: string;
  websiteUrl?: string;
  icons?: Icon[];
  /** Told to clients at initialize: how to use this server. */
  instructions?: string;
  /** Classes whose `@Tool`, `@Resource`, `@ResourceTemplate`, `@Prompt` and `@Complete` methods are served. */
  providers: Class[];
  /**
   * Where provider instances (and guard or interceptor classes) come from. Default: a typedi container
   * of this app's own. The app puts itself in it (when it has `set`), so a provider can inject `McpApp`.
   */
  container?: Container;
  /** Guards and interceptors for every primitive of the app (before class and method ones). */
  guards?: Guard[];
  interceptors?: Interceptor[];
  /** Send unexpected errors' messages to clients instead of "Internal error". Default false. */
  exposeErrors?: boolean;
  /** Check structured tool output against its output schema. Default: on unless NODE_ENV is production. */
  validateOutput?: boolean;
  /** Fail at startup when a tool or prompt has no description. Default true. */
  requireDescriptions?: boolean;
  /** Items per page of the list methods. Default 100. */
  pageSize?: number;
  /** Timeout of requests to the client (sampling, elicitation, roots), in ms. Default 60 000. */
  requestTimeoutMs?: number;
  /** Where failures are logged. Default: stderr. */
  logger?: EngineLogger;
  /** Limits of input validation: depth and size of arguments, costly patterns (docs/schemas.md). */
  validation?: ValidationLimits;
  /** Replace the schema builder and validator (advanced). */
  schemas?: SchemaServices;
  /** Protocol 2026-07-28: cache hints per list method, and the keys that sign multi-round-trip state. */
  modern?: ProtocolServerOptions['modern'];
  /**
   * OpenTelemetry traces and metrics, named after the MCP semantic conventions (docs/observability.md):
   * `true` reports to the providers the OpenTelemetry SDK registered. Needs `@opentelemetry/api`,
   * which is not even loaded while this is off (the default).
   */
  telemetry?: ObservabilityOptions['telemetry'];
  /**
   * One log line per request on stderr: `'pretty'` (or `true`), `'json'`, or `{ sink }` for your logger.
   * Default: the `DECORUM_REQUEST_LOG` environment variable (`decorum dev` sets `pretty`), else off.
   * `DECORUM_REQUEST_LOG=off` turns it off even when set here (tests, a host that shows stderr to users).
   */
  requestLog?: ObservabilityOptions['requestLog'];
  /**
   * Serve MCP tasks for the tools marked `@Tool({ task })` (docs/tasks.md): the 2026-07-28 extension and
   * the 2025-11-25 utility. Off by default. Options: `store` (a shared `RedisTaskStore` for several
   * instances), `defaultTtlMs`, `maxTtlMs`, `pollIntervalMs`, `leaseMs`.
   */
  tasks?: AppTasksOption;
  /**
   * Other MCP servers served by this app under a prefix (docs/composition.md): a command (`stdio(…)`), a URL
   * (`http(…)`) or an app in this process (`inProcess(…)`). They connect before the app serves.
   */
  mounts?: Mount[];
  /**
   * Agent Skills served with the Skills extension (SEP-2640, docs/skills.md): skill folders and skills made
   * by code, checked at construction, listed by `skills/list` and read through `resources/read`.
   */
  skills?: SkillsOptions;
  /** Hide, rename, redescribe primitives (own or mounted) and fix or default their arguments (docs/composition.md). */
  transforms?: Transforms;
  /**
   * The Streamable HTTP endpoint behind `app.fetch` (Web hosts) and `app.nodeHandler` (Node hosts): every
   * [HTTP option](docs/http.md) (`path`, `stateless`, `auth`, `originPolicy`, …), plus the Node adapter's
   * `onError` and `trustProxy`. `listen({ http })` takes its own options and serves an endpoint of its own.
   * @example
   * const app = new McpApp({ name: 'notes', version: '1.0.0', providers: [Notes], http: { stateless: true } });
   * export default { fetch: app.fetch };
   */
  http?: StreamableHttpOptions & NodeHandlerOptions;
  /**
   * What `listen` hands the app to instead of serving it (a program that runs the app, such as `decorum dev`).
   * Default: the host such a program installed before the app was made (`@decorum/core/host`), read once here;
   * `null`: none, `listen` always serves from this process.
   */
  host?: AppHost<unknown> | null;
}
