/**
 * A mistake in the app found at startup. Each subclass has a stable `code`, and its message names
 * the class and member at fault and says what to add or change.
 */
export class DecorumStartupError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    // A fallback for subclasses of an app; ours name themselves, since a bundler may rename classes.
    this.name = new.target.name;
  }
}

/** Two primitives of the same kind share a name (or two resources a URI). */
export class DuplicateNameError extends DecorumStartupError {
  override readonly name = 'DuplicateNameError';

  constructor(kind: string, name: string, first: string, second: string) {
    super(
      'duplicate-name',
      `Duplicate ${kind} "${name}": declared by ${first} and ${second}. Give one of them another name ({ name: '…' }).`,
    );
  }
}

/** A name outside the spec's rules (tool names: 1–128 of A–Z a–z 0–9 _ - .). */
export class InvalidNameError extends DecorumStartupError {
  override readonly name = 'InvalidNameError';

  constructor(kind: string, name: string, where: string, rule: string) {
    super('invalid-name', `Invalid ${kind} name "${name}" on ${where}: ${rule}. Set { name: '…' } to a valid name.`);
  }
}

/** A tool or prompt without a description: models choose tools by their descriptions. */
export class MissingDescriptionError extends DecorumStartupError {
  override readonly name = 'MissingDescriptionError';

  constructor(kind: string, where: string) {
    super(
      'missing-description',
      `${where}: the ${kind} has no description. Add { description: '…' } (models pick ${kind}s by it), or create the app with { requireDescriptions: false }.`,
    );
  }
}

/** A parameter the runtime cannot fill, or whose type cannot be known. */
export class ParameterError extends DecorumStartupError {
  override readonly name = 'ParameterError';

  constructor(where: string, index: number, problem: string) {
    super('parameter', `${where}, parameter ${index}: ${problem}`);
  }
}

/**
 * Decorator metadata (`design:paramtypes`) the app needs is missing: the code was compiled by a tool that
 * does not emit it — esbuild, and so Wrangler, tsx and most bundlers — or without `emitDecoratorMetadata`.
 * Without this check a DTO-typed parameter would have no schema to validate against, and an injected
 * service would be undefined at the first call.
 */
export class DecoratorMetadataError extends DecorumStartupError {
  override readonly name = 'DecoratorMetadataError';

  constructor(where: string, needs: string) {
    super(
      'decorator-metadata',
      `${where}: ${needs}, but the compiled code carries no decorator metadata (design:paramtypes). It was compiled by a tool that does not emit it (esbuild, as used by Wrangler, tsx and most bundlers) or without "emitDecoratorMetadata". ` +
        'Build with `decorum build` (SWC; `--target workers|deno|…` for other runtimes), or compile with tsc or SWC and "emitDecoratorMetadata": true in tsconfig.json.',
    );
  }
}

/** Two resource templates that would match the same URIs, or a resource URI that is not absolute. */
export class ResourceDeclarationError extends DecorumStartupError {
  override readonly name = 'ResourceDeclarationError';

  constructor(message: string) {
    super('resource-declaration', message);
  }
}

/** A problem with the app's options (providers, container). */
export class AppConfigurationError extends DecorumStartupError {
  override readonly name = 'AppConfigurationError';

  constructor(message: string) {
    super('app-configuration', message);
  }
}
