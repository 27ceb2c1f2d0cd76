#!/usr/bin/env node
// `npx create-mcp-app [dir] [options]`: see `create-mcp-app --help`.
import { run } from './cli.js';

async function main(): Promise<void> {
  const controller = new AbortController();
  // Ctrl+C or a kill during the install: abort, so the scaffold removes what it wrote before exiting.
  // `on`, not `once`: a second Ctrl+C must not kill the process halfway through the clean-up.
  const onSignal = () => controller.abort();
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    process.exitCode = await run(process.argv.slice(2), {
      stdin: process.stdin,
      stdout: process.stdout,
      stderr: process.stderr,
      env: process.env,
      cwd: process.cwd(),
      signal: controller.signal,
    });
  } catch (error) {
    process.stderr.write(`create-mcp-app failed unexpectedly: ${(error as Error).stack ?? String(error)}\n`);
    process.exitCode = 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

void main();
