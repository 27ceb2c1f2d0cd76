// A minimal MCP server written with Decorum's decorators: one tool with a validated DTO, one
// resource, one prompt, served over stdio.
import 'reflect-metadata';
import { Arg, Args, type Context, Ctx, Field, McpApp, Prompt, Resource, Tool } from '@decorum/core';
import { IsNumber } from 'class-validator';

export class AddInput {
  @Field({ description: 'First term' })
  @IsNumber()
  a!: number;

  @Field({ description: 'Second term' })
  @IsNumber()
  b!: number;
}

export class Calculator {
  @Tool({ title: 'Add two numbers', description: 'Adds a and b', annotations: { readOnlyHint: true } })
  async add(@Args() input: AddInput, @Ctx() ctx: Context) {
    await ctx.log.info(`adding ${input.a} and ${input.b}`);
    return String(input.a + input.b);
  }

  @Resource('minimal://about', { name: 'about', mimeType: 'text/plain', description: 'What this server is' })
  about() {
    return 'A minimal Decorum server over stdio.';
  }

  @Prompt({ description: 'Explain a topic' })
  explain(@Arg('topic', { description: 'What to explain' }) topic: string) {
    return `Explain ${topic} in two sentences.`;
  }
}

export function createMinimalApp(): McpApp {
  return new McpApp({
    name: 'decorum-minimal',
    version: '0.1.0',
    title: 'Decorum minimal example',
    instructions: 'Use "add" to add numbers; read "minimal://about" to learn what this server is.',
    providers: [Calculator],
  });
}

async function main(argv: string[]): Promise<void> {
  const app = createMinimalApp();
  if (argv.includes('--stdio')) {
    await app.listen({ stdio: true }); // stdio ends the process itself on SIGTERM, SIGINT or EOF
    return;
  }
  const port = Number(process.env.PORT ?? 3000);
  // handleSignals: SIGTERM/SIGINT close gracefully and let the process exit.
  const { url } = await app.listen({ http: { port, host: '127.0.0.1', path: '/mcp', handleSignals: true } });
  console.error(`MCP endpoint: ${url}`); // stderr: stdout stays free for protocol frames in stdio mode
}

// Serve when run as a program (not when imported by the demo, the smoke check or the tests):
// Streamable HTTP at http://127.0.0.1:${PORT:-3000}/mcp, or stdio with --stdio.
if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  await main(process.argv.slice(2));
}
