import { checkPositionals, integerOption, parseArgv } from '../argv.js';
import { resolveProject } from '../project.js';
import { DevServer } from './dev-server.js';

/** Usage of `decorum dev`. */
export const DEV_USAGE = `Usage: decorum dev [entry] [--stdio] [--http] [--port <n>] [--host <h>] [--no-typecheck]

Runs the app from its TypeScript sources and reloads it on every change without dropping clients.
entry     defaults to package.json "decorum.entry", else src/server.ts
--stdio   serve over stdin/stdout (every dev message goes to stderr)
--http    serve Streamable HTTP (default 127.0.0.1:3000; --port 0 picks a free port)
Without --stdio/--http, the transport is the one the entry passes to app.listen(). Both may be given.
--no-typecheck  do not run tsc --noEmit in the background after each reload (SWC never checks types)`;

/** `decorum dev`: returns once the first version is served (or waits for a fix); the process stays up. */
export async function devCommand(argv: readonly string[], cwd: string): Promise<void> {
  const args = parseArgv(argv, { stdio: 'flag', http: 'flag', port: 'value', host: 'value', 'no-typecheck': 'flag' });
  if (args.flags.has('help')) {
    process.stderr.write(`${DEV_USAGE}\n`);
    return;
  }
  checkPositionals(args, 'dev', ['entry']);
  const project = resolveProject(cwd, args.positionals[0]);
  const wantsHttp = args.flags.has('http') || args.values.has('port') || args.values.has('host');
  process.setSourceMapsEnabled(true);
  // One readable line per request on stderr (McpApp reads it when the app does not set requestLog).
  process.env.DECORUM_REQUEST_LOG ??= 'pretty';
  const server = new DevServer({
    project,
    stdio: args.flags.has('stdio'),
    http: wantsHttp ? { port: integerOption(args, 'port', 3000), host: args.values.get('host') } : undefined,
    typecheck: !args.flags.has('no-typecheck'),
    log: (line) => process.stderr.write(`[decorum] ${line}\n`),
  });
  await server.start();
}
