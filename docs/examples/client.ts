// Decorum's MCP client: one app reached in memory, over Streamable HTTP in both eras, and over stdio by spawning a
// command. Used by docs/client.md; run it with
// node --conditions=@decorum/source --import @decorum/cli/register docs/examples/client.ts
import 'reflect-metadata';
import { fileURLToPath } from 'node:url';
import { Arg, type Context, Ctx, McpApp, Tool } from '@decorum/core';
import { type ClientHandlers, connectHttp, connectInMemory, type McpClient } from '@decorum/protocol/client';
import { connectStdio } from '@decorum/protocol/client/stdio';

class Demo {
  @Tool({ description: 'Counts to n, reporting progress' })
  async count(@Arg('n') n: number, @Ctx() ctx: Context) {
    for (let i = 1; i <= n; i++) await ctx.progress(i, n, `at ${i}`);
    return `counted to ${n}`;
  }

  @Tool({ description: 'Asks the user for their name' })
  async greet(@Ctx() ctx: Context) {
    const answer = await ctx.elicit({ type: 'object', properties: { name: { type: 'string' } } }, 'Your name?');
    return answer.action === 'accept' ? `Hello, ${String(answer.data.name)}!` : 'Hello, stranger!';
  }

  @Tool({ description: 'Waits until cancelled' })
  async wait(@Ctx() ctx: Context) {
    await new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
  }
}

export function createApp(): McpApp {
  return new McpApp({ name: 'demo', version: '1.0.0', providers: [Demo] });
}

// The same handlers answer a legacy server's requests and a 2026-07-28 server's input_required results.
const handlers: ClientHandlers = {
  elicitation: () => ({ action: 'accept', content: { name: 'Ada' } }),
  sampling: () => ({ role: 'assistant', model: 'none', content: { type: 'text', text: 'no model here' } }),
};

/** Lists, calls with progress, answers a question, cancels: the same code over every transport. */
export async function tour(client: McpClient): Promise<string[]> {
  const seen: string[] = [`${client.era} ${client.protocolVersion}: ${client.serverInfo.name}`];
  seen.push(`tools: ${(await client.listTools()).map((tool) => tool.name).join(', ')}`);
  const counted = await client.callTool('count', { n: 3 }, { onProgress: (p) => seen.push(`progress ${p.progress}`) });
  seen.push(String(counted.content[0]?.text));
  seen.push(String((await client.callTool('greet')).content[0]?.text));
  const stop = new AbortController();
  const waiting = client.callTool('wait', {}, { signal: stop.signal });
  stop.abort(new Error('no longer needed'));
  await waiting.catch((error: Error) => seen.push(`cancelled: ${error.message}`));
  return seen;
}

const self = fileURLToPath(import.meta.url);

async function main(): Promise<void> {
  const app = createApp();
  // In memory: the app in this process, no serialisation.
  const local = await connectInMemory(app, { handlers });
  console.log((await tour(local)).join('\n'));
  await local.close();

  // Over Streamable HTTP, in the legacy era (a session) and the stateless 2026-07-28 one.
  const { url } = await app.listen({ http: { port: 0 } });
  for (const protocolVersion of ['2025-11-25', '2026-07-28']) {
    const remote = await connectHttp(url as URL, { protocolVersion, handlers });
    console.log((await tour(remote)).join('\n'));
    await remote.close();
  }
  await app.close();

  // Over stdio: spawns a server (this file, serving itself), and learns why it ended.
  const spawned = await connectStdio(
    { command: process.execPath, args: [...process.execArgv, self, '--serve'], stderr: 'pipe' },
    { handlers },
  );
  console.log((await tour(spawned)).join('\n'));
  await spawned.close();
  console.log(`closed: ${(await spawned.closed).reason}`);
}

if (process.argv.includes('--serve')) await createApp().listen({ stdio: true });
else if (self === process.argv[1]) await main();
