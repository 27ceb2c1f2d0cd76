// The messages every client sends, and the check of a tools/call answer.
export const PROTOCOL_VERSION = '2025-11-25';
/** The stateless revision: no initialize, every request carries its envelope. */
export const MODERN_VERSION = '2026-07-28';

export const initializeParams = {
  protocolVersion: PROTOCOL_VERSION,
  capabilities: {},
  clientInfo: { name: 'decorum-bench', version: '1.0.0' },
};

export const callParams = { name: 'forecast', arguments: { city: 'Paris', days: 3, units: 'metric' } };
export const EXPECTED_TEXT = 'Paris: 3 days, metric';

/** Throws unless `message` is a successful forecast answer. */
export function checkCall(message) {
  const text = message?.result?.content?.[0]?.text;
  if (text !== EXPECTED_TEXT || message.result.isError) {
    throw new Error(`unexpected tools/call answer: ${JSON.stringify(message).slice(0, 300)}`);
  }
}

const modernMeta = {
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A 2026-07-28 request describes itself: the envelope in `_meta`, the method and name mirrored in headers. */
export function modernRequest(method, params) {
  const headers = { 'mcp-method': method };
  if (typeof params?.name === 'string') headers['mcp-name'] = params.name;
  return { params: { ...params, _meta: modernMeta }, headers };
}
