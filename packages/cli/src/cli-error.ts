/**
 * A mistake the user can fix (a missing entry, a port in use, an entry that builds no app…). The
 * binary prints its message, without a stack, and exits with `exitCode`.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
