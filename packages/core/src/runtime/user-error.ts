/**
 * A failure whose message is meant for the caller, thrown from any handler (tool, resource, template,
 * prompt), guard or interceptor. A tool answers it as an `isError` result the model can act on; a
 * resource or prompt as the JSON-RPC error -32603 with this message. Either way the message is sent
 * as it is, while other errors are masked as "Internal error" unless `exposeErrors` is set
 * (docs/errors.md has the whole table).
 * @example throw new UserError('No city named "Atlantis"; try a real city name.');
 */
export class UserError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UserError';
  }
}

/**
 * The former name of {@link UserError}, from when only tools treated it specially.
 * @deprecated Use `UserError`: the same class (so `instanceof` holds either way), now for every primitive.
 */
export const ToolError = UserError;
/** @deprecated Use `UserError`. */
export type ToolError = UserError;
