// A server written with the official SDK (v1): the starting point of docs/migrating-from-the-sdk.md.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import * as z from 'zod';

export function createSdkServer(): McpServer {
  const server = new McpServer({ name: 'forecasts', version: '1.0.0' });
  server.registerTool(
    'forecast',
    {
      description: 'The forecast for a city',
      inputSchema: { city: z.string().min(1).describe('City name'), days: z.number().int().min(1).max(7).optional() },
    },
    async ({ city, days }) => ({ content: [{ type: 'text', text: `${city}: sunny for ${days ?? 1} day(s)` }] }),
  );
  return server;
}
