import { DecorumStartupError } from '../errors.js';
import { UserError } from '../runtime/user-error.js';

/**
 * A mount or transform the app cannot serve as declared: a bad prefix, a name two primitives would
 * share, a transform of a primitive that does not exist, a mounted server that cannot be reached.
 */
export class CompositionError extends DecorumStartupError {
  override readonly name = 'CompositionError';

  constructor(message: string) {
    super('composition', message);
  }
}

/**
 * A call to a mounted server that is not connected (or went away during the call): answered like a
 * `UserError`, so a model reads why and that it may try again later.
 */
export class MountUnavailableError extends UserError {
  constructor(message: string) {
    super(message);
    this.name = 'MountUnavailableError';
  }
}
