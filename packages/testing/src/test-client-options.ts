import type { Class, McpAppOptions } from '@decorum/core';
import {
  type ClientCapabilities,
  type Implementation,
  isModernVersion,
  type JsonObject,
  LATEST_PROTOCOL_VERSION,
  type LoggingLevel,
  MODERN_PROTOCOL_VERSIONS,
  versionAtLeast,
} from '@decorum/protocol';

/** The two protocol eras: `legacy` (initialize, sessions; up to 2025-11-25) and `modern` (2026-07-28). */
export type Era = 'legacy' | 'modern';

/**
 * Both eras, for running one suite against each.
 * @example
 * describe.each(ERAS)('%s era', (era) => {
 *   it('greets', async () => {
 *     const client = await createTestClient([Greeter], { era });
 *     expect((await client.callTool('greet')).text).toBe('hi');
 *   });
 * });
 */
export const ERAS: readonly Era[] = ['legacy', 'modern'];

/** A root the client exposes (a folder or URI the server may work in). */
export interface Root {
  uri: string;
  name?: string;
}

/** What the server asks in `elicitation/create` (form or URL mode). */
export interface ElicitRequestParams {
  mode?: 'form' | 'url';
  message: string;
  requestedSchema?: JsonObject;
  url?: string;
  [key: string]: unknown;
}

/** The user's answer to an elicitation. `content` only with `accept` in form mode. */
export interface ElicitAnswer {
  action: 'accept' | 'decline' | 'cancel';
  content?: Record<string, string | number | boolean | string[]>;
}

/** What the server asks in `sampling/createMessage`. */
export interface CreateMessageParams {
  messages: { role: 'user' | 'assistant'; content: JsonObject | JsonObject[] }[];
  maxTokens: number;
  systemPrompt?: string;
  [key: string]: unknown;
}

/** The model's answer to a sampling request. */
export interface CreateMessageAnswer {
  role: 'assistant' | 'user';
  content: JsonObject | JsonObject[];
  model: string;
  stopReason?: string;
  [key: string]: unknown;
}

/** Answers `elicitation/create`, as the user would. */
export type ElicitHandler = (params: ElicitRequestParams) => ElicitAnswer | Promise<ElicitAnswer>;

/**
 * Answers `sampling/createMessage`, as the client's model would. A string is shorthand for an
 * assistant text message from model `test-model`.
 */
export type SampleHandler = (
  params: CreateMessageParams,
) => CreateMessageAnswer | string | Promise<CreateMessageAnswer | string>;

/** One DI override: the token the app asks its container for, and the fake to hand out instead. */
export type Override = readonly [token: Class<any>, value: unknown];

/**
 * A typed DI override for {@link TestClientOptions.overrides}: the value is checked against the class
 * (a `Partial`, since fakes rarely implement everything).
 * @example
 * await createTestClient([WeatherServer], { overrides: [override(WeatherApi, { temperature: () => 21 })] });
 */
export function override<T>(token: Class<T>, value: Partial<T>): Override {
  return [token, value];
}

/** Options of {@link createTestClient}. */
export interface TestClientOptions {
  /** The protocol era to speak. Default: the era of `protocolVersion` when given, else `legacy`. */
  era?: Era;
  /** The revision to ask for. Default: the newest of the era (2025-11-25 legacy, 2026-07-28 modern). */
  protocolVersion?: string;
  /** What the client declares. Default: derived from `onElicit`, `onSample` and `roots` (given verbatim when set). */
  capabilities?: ClientCapabilities;
  /** How the client introduces itself. Default `{ name: 'decorum-test-client', version: '0.0.0' }`. */
  clientInfo?: Implementation;
  /** Answers elicitation requests (legacy: server→client requests; modern: `input_required` inputs). */
  onElicit?: ElicitHandler;
  /** Answers sampling requests. */
  onSample?: SampleHandler;
  /** The roots the client answers `roots/list` with; giving them (even `[]`) declares the capability. */
  roots?: Root[];
  /**
   * The minimum level of log messages to receive. Legacy: sent with `logging/setLevel` after
   * initialize when given (the server sends every level otherwise). Modern: the per-request
   * `logLevel`, default `debug` so logs are captured in both eras alike.
   */
  logLevel?: LoggingLevel;
  /** Services to replace in the app's container before it serves anything: `[Token, fake]` pairs or a Map. */
  overrides?: Iterable<Override>;
  /** Options of the `McpApp` built when the target is a list of provider classes. */
  appOptions?: Partial<McpAppOptions>;
  /** Timeout of each request, in ms. Default 60 000. */
  requestTimeoutMs?: number;
  /** Modern era: how many `input_required` rounds one request may take before it fails. Default 10. */
  maxInputRounds?: number;
}

/** The options with every default filled in. */
export interface ResolvedOptions {
  era: Era;
  protocolVersion: string;
  capabilities: ClientCapabilities;
  clientInfo: Implementation;
  onElicit?: ElicitHandler;
  onSample?: SampleHandler;
  roots?: Root[];
  logLevel?: LoggingLevel;
  requestTimeoutMs: number;
  maxInputRounds: number;
}

const NEWEST_MODERN = MODERN_PROTOCOL_VERSIONS[MODERN_PROTOCOL_VERSIONS.length - 1] as string;

/** Fills in the defaults; the era follows an explicit `protocolVersion` unless stated. */
export function resolveOptions(options: TestClientOptions): ResolvedOptions {
  const era: Era = options.era ?? (isModernVersion(options.protocolVersion) ? 'modern' : 'legacy');
  const protocolVersion = options.protocolVersion ?? (era === 'modern' ? NEWEST_MODERN : LATEST_PROTOCOL_VERSION);
  return {
    era,
    protocolVersion,
    capabilities: options.capabilities ?? deriveCapabilities(options, era, protocolVersion),
    clientInfo: options.clientInfo ?? { name: 'decorum-test-client', version: '0.0.0' },
    onElicit: options.onElicit,
    onSample: options.onSample,
    roots: options.roots,
    logLevel: options.logLevel ?? (era === 'modern' ? 'debug' : undefined),
    requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
    maxInputRounds: options.maxInputRounds ?? 10,
  };
}

/**
 * Declares exactly what the given handlers can answer, in the terms of the revision: a test that
 * leaves out `onSample` sees what a client without sampling sees.
 */
export function deriveCapabilities(options: TestClientOptions, era: Era, version: string): ClientCapabilities {
  const caps: ClientCapabilities = {};
  if (options.roots !== undefined) caps.roots = era === 'legacy' ? { listChanged: true } : {};
  if (options.onSample !== undefined) caps.sampling = {};
  // Elicitation arrived in 2025-06-18 as `{}` (form only); 2025-11-25 split it into form and URL modes.
  if (options.onElicit !== undefined && versionAtLeast(version, '2025-06-18')) {
    caps.elicitation = versionAtLeast(version, '2025-11-25') ? { form: {}, url: {} } : {};
  }
  return caps;
}
