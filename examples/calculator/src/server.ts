// The calculator server: one tool, backed by a recursive-descent parser (no eval). Serves Streamable
// HTTP by default (http://127.0.0.1:${PORT:-3000}/mcp), or stdio with --stdio.
import 'reflect-metadata';
import { McpApp } from '@decorum/core';
import { CalculatorTools } from './calculator-tools.js';

/** Builds the app; serve it with `listen`, or drive it in-process with `connect`. */
export function createCalculatorApp(): McpApp {
  return new McpApp({
    name: 'decorum-calculator',
    version: '0.1.0',
    title: 'Decorum calculator',
    instructions:
      'Call calculator_arithmetic for any arithmetic instead of computing it yourself. Errors say where the ' +
      'expression is wrong; fix it and call again.',
    providers: [CalculatorTools],
  });
}

async function main(argv: string[]): Promise<void> {
  const app = createCalculatorApp();
  if (argv.includes('--stdio')) {
    await app.listen({ stdio: true }); // stdio ends the process itself on SIGTERM, SIGINT or EOF
    return;
  }
  const port = Number(process.env.PORT ?? 3000);
  // handleSignals: SIGTERM/SIGINT close gracefully and let the process exit.
  const { url } = await app.listen({ http: { port, host: '127.0.0.1', path: '/mcp', handleSignals: true } });
  console.error(`MCP endpoint: ${url}`); // stderr, like every message of this program
}

// Serve when run as a program (not when imported by the smoke test or vitest).
if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  await main(process.argv.slice(2));
}
