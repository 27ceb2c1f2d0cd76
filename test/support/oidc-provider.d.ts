// The little of oidc-provider's API the tests use (the package ships no types).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  type Loose = (...args: never[]) => unknown;
  /** Configuration: a plain object as the package documents it. */
  export type Configuration = Record<string, unknown> & {
    features?: Record<string, Record<string, unknown>>;
    findAccount?: Loose;
  };

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
