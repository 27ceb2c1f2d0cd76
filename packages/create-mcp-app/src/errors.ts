/** What went wrong, for callers that branch on it (the binary maps every code to an exit status). */
export type CreateAppErrorCode =
  | 'USAGE'
  | 'INVALID_NAME'
  | 'TARGET_NOT_EMPTY'
  | 'TEMPLATE'
  | 'LOCAL_PACKAGES'
  | 'INSTALL'
  | 'CANCELLED';

/**
 * Every failure create-mcp-app reports: a message written for the person at the terminal, and a
 * code for programs.
 * @example
 * throw new CreateAppError('INVALID_NAME', 'Invalid project name "My App": …');
 */
export class CreateAppError extends Error {
  readonly code: CreateAppErrorCode;

  // Plain assignments, no parameter properties: the CommonJS build mangles those next to super().
  constructor(code: CreateAppErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CreateAppError';
    this.code = code;
  }
}
