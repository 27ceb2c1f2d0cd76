// A minimal MCP server written directly on Decorum's protocol engine: one tool, one resource, one
// prompt, served over stdio. (The decorator API of @decorum/core builds the same thing from classes.)
import { ErrorCode, McpError, ProtocolServer, type ToolDefinition } from '@decorum/protocol';
import { serveStdio } from '@decorum/protocol/stdio';

const tools: ToolDefinition[] = [
  {
    name: 'add',
    title: 'Add two numbers',
    description: 'Adds a and b',
    inputSchema: {
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true },
  },
];

export function createMinimalServer(): ProtocolServer {
  const server = new ProtocolServer({
    serverInfo: { name: 'decorum-minimal', version: '0.1.0', title: 'Decorum minimal example' },
    instructions: 'Use "add" to add numbers; read "minimal://about" to learn what this server is.',
  });
  server.setTools({
    list: () => tools,
    async call({ name, arguments: args = {} }, ctx) {
      if (name !== 'add') throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${name}`);
      const { a, b } = args;
      if (typeof a !== 'number' || typeof b !== 'number') {
        return { isError: true, content: [{ type: 'text', text: '"a" and "b" must both be numbers' }] };
      }
      await ctx.log('info', `adding ${a} and ${b}`);
      return { content: [{ type: 'text', text: String(a + b) }] };
    },
  });
  const about = { uri: 'minimal://about', name: 'about', mimeType: 'text/plain', description: 'What this server is' };
  server.setResources({
    list: () => [about],
    read({ uri }) {
      if (uri !== about.uri) throw new McpError(ErrorCode.ResourceNotFound, `Resource not found: ${uri}`, { uri });
      return { contents: [{ uri, mimeType: 'text/plain', text: 'A minimal Decorum server over stdio.' }] };
    },
  });
  server.setPrompts({
    list: () => [{ name: 'explain', description: 'Explain a topic', arguments: [{ name: 'topic', required: true }] }],
    get: ({ arguments: args }) => ({
      messages: [
        { role: 'user', content: { type: 'text', text: `Explain ${args?.topic ?? 'MCP'} in two sentences.` } },
      ],
    }),
  });
  return server;
}

// Serve when run as a program (not when imported by the demo or the tests).
if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  await serveStdio(createMinimalServer());
}
