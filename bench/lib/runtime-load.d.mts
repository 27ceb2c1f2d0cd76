// Types of runtime-load.mjs, for the test that drives it (test/bench/runtime-load.test.ts).

/** A client of one MCP endpoint over node:http keep-alive, `concurrency` sockets at most. */
export interface LoadClient {
  /** `initialize` (then `notifications/initialized` when the server opened a session); its result. */
  initialize(): Promise<unknown>;
  /** One `tools/call`; its result. */
  call(params: { name: string; arguments?: Record<string, unknown> }): Promise<unknown>;
  /** Closes the kept-alive sockets. */
  close(): void;
}

export function loadClient(url: string | URL, options?: { concurrency?: number }): LoadClient;

export function runLoad(
  call: () => Promise<unknown>,
  options?: { concurrency?: number; calls?: number; seconds?: number },
): Promise<{ done: number; ms: number }>;
