/** Where the engine reports what it cannot send to the peer (handler failures, dropped frames). */
export interface EngineLogger {
  warn(message: string, detail?: unknown): void;
  error(message: string, detail?: unknown): void;
}

/**
 * The default logger: writes to the console's error stream, which is stderr in Node (never stdout,
 * so stdio frames stay clean) and the devtools console elsewhere.
 */
export const consoleLogger: EngineLogger = {
  warn: (message, detail) => (detail === undefined ? console.warn(message) : console.warn(message, detail)),
  error: (message, detail) => (detail === undefined ? console.error(message) : console.error(message, detail)),
};
