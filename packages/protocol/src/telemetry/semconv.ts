// Names from the OpenTelemetry semantic conventions for MCP (docs/gen-ai/mcp.md, status Development).
// The values are copied from `@opentelemetry/semantic-conventions` 1.45.0 rather than imported: MCP's
// names live only in its `incubating` entry, ~950 kB of modules that would load at every start, and a
// dependency for users who never turn telemetry on. test/telemetry/semconv.test.ts checks every value
// against the package, so a rename upstream fails a test rather than drifting silently.

/** Span and metric attributes. */
export const ATTR_MCP_METHOD_NAME = 'mcp.method.name';
export const ATTR_MCP_PROTOCOL_VERSION = 'mcp.protocol.version';
export const ATTR_MCP_RESOURCE_URI = 'mcp.resource.uri';
export const ATTR_MCP_SESSION_ID = 'mcp.session.id';
export const ATTR_GEN_AI_TOOL_NAME = 'gen_ai.tool.name';
export const ATTR_GEN_AI_PROMPT_NAME = 'gen_ai.prompt.name';
export const ATTR_GEN_AI_OPERATION_NAME = 'gen_ai.operation.name';
export const ATTR_JSONRPC_REQUEST_ID = 'jsonrpc.request.id';
export const ATTR_RPC_RESPONSE_STATUS_CODE = 'rpc.response.status_code';
export const ATTR_ERROR_TYPE = 'error.type';
export const ATTR_NETWORK_TRANSPORT = 'network.transport';
export const ATTR_NETWORK_PROTOCOL_NAME = 'network.protocol.name';

/** `gen_ai.operation.name` of a tools/call. */
export const GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL = 'execute_tool';
/** `error.type` of a tools/call whose result has `isError: true` (the JSON-RPC call itself succeeded). */
export const ERROR_TYPE_VALUE_TOOL_ERROR = 'tool_error';
/** `error.type` when nothing more precise is known. */
export const ERROR_TYPE_VALUE_OTHER = '_OTHER';

/** Metrics the conventions define (histograms, seconds). */
export const METRIC_MCP_SERVER_OPERATION_DURATION = 'mcp.server.operation.duration';
export const METRIC_MCP_SERVER_SESSION_DURATION = 'mcp.server.session.duration';
export const METRIC_MCP_CLIENT_OPERATION_DURATION = 'mcp.client.operation.duration';

/**
 * Gauges the conventions do not define (yet): named after `http.server.active_requests`, under our
 * own reading of the MCP namespace. Documented in docs/observability.md as Decorum's.
 */
export const METRIC_MCP_SERVER_ACTIVE_REQUESTS = 'mcp.server.active_requests';
export const METRIC_MCP_SERVER_ACTIVE_SESSIONS = 'mcp.server.active_sessions';

/** The bucket boundaries the conventions advise for both MCP duration histograms, in seconds. */
export const MCP_DURATION_BUCKETS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/** The W3C keys SEP-414 reserves in `_meta` (and the HTTP header names). */
export const TRACE_KEYS = ['traceparent', 'tracestate', 'baggage'] as const;
