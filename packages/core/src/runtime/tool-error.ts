/**
 * An error meant for the model: thrown from a tool, its message is sent as an `isError` result
 * as it is (other errors are masked as "Internal error" unless `exposeErrors` is set).
 * @example throw new ToolError('No city named "Atlantis"; try a real city name.');
 */
export class ToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolError';
  }
}
