// The "everything" server: what the official MCP conformance suite (@modelcontextprotocol/conformance)
// expects of a server, written with Decorum's decorators. Serves Streamable HTTP by default
// (http://127.0.0.1:${PORT:-3000}/mcp), or stdio with --stdio.
import 'reflect-metadata';
import { DtoValidator, McpApp, SchemaBuilder, type SchemaServices } from '@decorum/core';
import { ClientRequestTools } from './client-request-tools.js';
import { ContactInput, ContentTools } from './content-tools.js';
import { CONTACT_SCHEMA_2020_12 } from './fixtures.js';
import { ListChanges, ModernTools } from './modern-tools.js';
import { TestPrompts } from './prompts.js';
import { TestResources } from './resources.js';

/**
 * The default schema services, except that `json_schema_2020_12_tool` advertises the suite's
 * hand-written 2020-12 schema (root `allOf`/`if`/`then`/`else` cannot come from a DTO). Its calls
 * are still validated against the DTO.
 */
function schemaServices(): SchemaServices {
  const builder = new SchemaBuilder();
  const validator = new DtoValidator();
  return {
    schema: (dto, dialect) =>
      dto === ContactInput && dialect === '2020-12' ? CONTACT_SCHEMA_2020_12 : builder.build(dto, dialect),
    validate: (dto, input) => validator.validate(dto, input),
  };
}

/** Builds the app; serve it with `listen`, or drive it in-process with `connect`. */
export function createEverythingApp(): McpApp {
  const app = new McpApp({
    name: 'decorum-everything',
    version: '0.1.0',
    title: 'Decorum everything server',
    instructions: 'Serves the tools, resources and prompts of the MCP conformance suite.',
    providers: [ContentTools, ClientRequestTools, ModernTools, TestResources, TestPrompts],
    schemas: schemaServices(),
  });
  app.container.get(ListChanges).attach(app);
  return app;
}

async function main(argv: string[]): Promise<void> {
  const app = createEverythingApp();
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
