// Shared by every benchmark server: the command line, the tool every server serves, and the
// memory probe the harness reads (SIGUSR2 → one `MEM {...}` line on stderr, after a GC when
// node runs with --expose-gc; SIGWINCH → the same line without a GC). Keep this tiny: it must not weigh on any implementation.
import { pathToFileURL } from 'node:url';

/** `node <server> [--http] [--stateless] [--tools N]` */
export function parseArgs(argv = process.argv.slice(2)) {
  const at = argv.indexOf('--tools');
  return {
    http: argv.includes('--http'),
    stateless: argv.includes('--stateless'),
    tools: at >= 0 ? Number(argv[at + 1]) : 1,
  };
}

/** Tool names: the measured `forecast`, then fillers for the tools/list sizes. */
export function toolNames(count) {
  return Array.from({ length: count }, (_, i) => (i === 0 ? 'forecast' : `forecast_${i}`));
}

export const DESCRIPTION = 'Weather forecast for a city';

/** What every implementation's `forecast` answers. */
export const forecastText = ({ city, days, units }) => `${city}: ${days} days, ${units}`;

export function isMain(url) {
  return process.argv[1] !== undefined && url === pathToFileURL(process.argv[1]).href;
}

/** Installs the memory probe and prints `URL <url>` for HTTP servers. */
export function ready(url) {
  process.on('SIGUSR2', () => {
    globalThis.gc?.();
    process.stderr.write(`MEM ${JSON.stringify(process.memoryUsage())}\n`);
  });
  // SIGWINCH: the same probe without the GC (what a monitor sees as the load left it).
  process.on('SIGWINCH', () => process.stderr.write(`MEM ${JSON.stringify(process.memoryUsage())}\n`));
  if (url) {
    // HTTP servers end when the harness closes their stdin (so --cpu-prof gets written).
    process.stdin.on('end', () => process.exit(0)).resume();
    process.stderr.write(`URL ${url}\n`);
  }
}
