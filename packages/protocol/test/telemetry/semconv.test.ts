// Our copies of the semantic-convention names (telemetry/semconv.ts) against the package that defines
// them: a rename upstream fails here instead of drifting silently.
import * as incubating from '@opentelemetry/semantic-conventions/incubating';
import { describe, expect, it } from 'vitest';
import * as ours from '../../src/telemetry/semconv.js';

describe('semantic conventions', () => {
  it('uses the names and values @opentelemetry/semantic-conventions defines', () => {
    const same = [
      'ATTR_MCP_METHOD_NAME',
      'ATTR_MCP_PROTOCOL_VERSION',
      'ATTR_MCP_RESOURCE_URI',
      'ATTR_MCP_SESSION_ID',
      'ATTR_GEN_AI_TOOL_NAME',
      'ATTR_GEN_AI_PROMPT_NAME',
      'ATTR_GEN_AI_OPERATION_NAME',
      'ATTR_JSONRPC_REQUEST_ID',
      'ATTR_RPC_RESPONSE_STATUS_CODE',
      'ATTR_ERROR_TYPE',
      'ATTR_NETWORK_TRANSPORT',
      'ATTR_NETWORK_PROTOCOL_NAME',
      'GEN_AI_OPERATION_NAME_VALUE_EXECUTE_TOOL',
      'ERROR_TYPE_VALUE_OTHER',
      'METRIC_MCP_SERVER_OPERATION_DURATION',
      'METRIC_MCP_SERVER_SESSION_DURATION',
      'METRIC_MCP_CLIENT_OPERATION_DURATION',
    ] as const;
    for (const name of same) expect([name, ours[name]]).toEqual([name, (incubating as Record<string, unknown>)[name]]);
    expect(incubating.NETWORK_TRANSPORT_VALUE_PIPE).toBe('pipe');
    expect(incubating.NETWORK_TRANSPORT_VALUE_TCP).toBe('tcp');
  });
});
