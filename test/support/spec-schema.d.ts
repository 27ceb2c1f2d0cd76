export type SpecVersion = '2024-11-05' | '2025-03-26' | '2025-06-18' | '2025-11-25' | '2026-07-28';
/** Every vendored revision, oldest first. */
export declare const SPEC_VERSIONS: readonly SpecVersion[];
export interface SpecValidationOptions {
  /**
   * Reject properties the revision's schema does not declare. Every object schema with `properties`
   * and no `additionalProperties` gets `additionalProperties: false`; definitions combined with
   * `allOf` get `unevaluatedProperties: false` on the combination instead. Left open, because the
   * spec means them open: `_meta` objects, `Tool.inputSchema` / `Tool.outputSchema` /
   * `requestedSchema` (they are JSON Schemas), everything with an explicit `additionalProperties`
   * (`Result`/`EmptyResult`, `experimental`, `structuredContent`, capability flags such as `logging`).
   * The inline `params` of a request/notification definition also accept `_meta`, which every
   * revision declares on the base `Request`/`Notification` params even where the specific
   * definition forgot to repeat it.
   */
  closed?: boolean;
}
/** The request method a response answers: one method for every response, or a map from request id. */
export type RequestMethodLookup = string | Readonly<Record<string, string>>;
/**
 * The result definition for the response to each client-to-server request. The schemas have no
 * dedicated result type for `ping`, `resources/subscribe`, `resources/unsubscribe` and
 * `logging/setLevel`; those answer with `EmptyResult` (which is `Result`, an open object).
 * Whether a method exists in a revision is read from that revision's `ClientRequest` union.
 */
export declare const RESULT_DEFINITIONS: Readonly<Record<string, string>>;
/** The definition names of one revision's schema, sorted. */
export declare function specDefinitionNames(version: SpecVersion): string[];
/**
 * Validates `value` against one definition of one revision's schema.
 * @returns `[]` when valid; otherwise one readable line per problem, e.g.
 *   `Tool at /annotations/readOnlyHint: must be boolean`.
 */
export declare function validateDefinition(
  version: SpecVersion,
  definitionName: string,
  value: unknown,
  options?: SpecValidationOptions,
): string[];
/** The notifications a server may send in `version`: method → definition (from `ServerNotification`). */
export declare function serverNotificationDefinitions(version: SpecVersion): ReadonlyMap<string, string>;
/** The requests a server may send in `version`: method → definition (from `ServerRequest`; none in 2026-07-28). */
export declare function serverRequestDefinitions(version: SpecVersion): ReadonlyMap<string, string>;
/** The requests a client may send in `version`: method → definition (from `ClientRequest`). */
export declare function clientRequestDefinitions(version: SpecVersion): ReadonlyMap<string, string>;
/**
 * Validates one message a server sends — or a batch, element by element — against the revision's
 * schema, choosing the specific definition:
 * - response with `result` → the JSON-RPC response envelope (`JSONRPCResponse`, from 2025-11-25
 *   `JSONRPCResultResponse`) and the result against the method's result definition
 *   (`RESULT_DEFINITIONS`; `InputRequiredResult` when a 2026-07-28 result says
 *   `resultType: "input_required"`; `CreateTaskResult` for a 2025-11-25 `tools/call` answered with a task);
 * - error response → `JSONRPCError` (from 2025-11-25 `JSONRPCErrorResponse`), plus a code-specific
 *   error definition when the revision has one (`URLElicitationRequiredError`, `UnsupportedProtocolVersionError`, ...);
 * - notification / server-to-client request → `JSONRPCNotification` / `JSONRPCRequest` and the
 *   member of `ServerNotification` / `ServerRequest` whose `method` matches.
 * A method the revision does not define is reported as an error.
 *
 * @param requestMethod the method of the request a response answers; for a batch of responses, a
 *   map from request id to method.
 * @returns `[]` when valid; otherwise readable lines such as
 *   `ListToolsResult at /result/tools/0: missing required property "inputSchema"`.
 */
export declare function validateServerMessage(
  version: SpecVersion,
  message: unknown,
  requestMethod?: RequestMethodLookup,
  options?: SpecValidationOptions,
): string[];
//# sourceMappingURL=spec-schema.d.ts.map
