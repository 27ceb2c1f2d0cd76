// The failures the call pipeline itself raises. They stay inside core: the error model
// (error-model.ts) turns each into the answer its primitive kind gives.
import type { ValidationIssue } from '../schema/issues.js';

/** The input did not validate; `issues` say where and why. */
export class InputError extends Error {
  constructor(readonly issues: readonly ValidationIssue[]) {
    super('Invalid input');
    this.name = 'InputError';
  }
}

/** A guard refused the call. */
export class GuardRejectedError extends Error {
  constructor() {
    super('A guard refused the call');
    this.name = 'GuardRejectedError';
  }
}

/** A tool returned structured content its output schema does not allow. */
export class OutputMismatchError extends Error {
  constructor(readonly issues: readonly ValidationIssue[]) {
    super('The output does not match its schema');
    this.name = 'OutputMismatchError';
  }
}
