// class-validator 0.15 runs validators through an executor its entry does not export; validation-order.ts
// runs it over an ordered view of the metadata storage. Only the part used there is typed here.
declare module 'class-validator/cjs/validation/ValidationExecutor.js' {
  import type { ValidationError, Validator, ValidatorOptions } from 'class-validator';

  export class ValidationExecutor {
    constructor(validator: Validator, validatorOptions?: ValidatorOptions);
    awaitingPromises: Promise<unknown>[];
    execute(object: object, targetSchema: string | undefined, validationErrors: ValidationError[]): void;
    stripEmptyErrors(errors: ValidationError[]): ValidationError[];
  }
}
