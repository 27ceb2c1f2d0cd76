// Small builders for the plain HTTP answers of the MCP endpoints.

/** A JSON response. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

/** An HTTP error whose body is a JSON-RPC error response with no id, as the spec allows. */
export function errorResponse(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
): Response {
  return jsonResponse(status, { jsonrpc: '2.0', id: null, error: { code, message } }, headers);
}
