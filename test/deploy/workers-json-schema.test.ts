// A tool whose input is a plain JSON Schema, built with `decorum build --target workers` and served by workerd.
// Workers forbid generating code from strings, so Ajv cannot compile there: core interprets the schema with
// @cfworker/json-schema and words its findings as Ajv does. Both official clients list the schema, get the
// answer for good arguments (with the schema's default filled in) and the validation message for bad ones.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildForTarget } from './support/build-target.js';
import { sdkV1, sdkV2 } from './support/mcp-checks.js';
import { type Served, serveInWorkerd } from './support/runtimes.js';
import { type TemplateProject, templateProject } from './support/template-project.js';

const WORKER_ENTRY = `import 'reflect-metadata';
import { McpApp, Tool } from '@decorum/core';

export class Forecast {
  @Tool({
    description: 'The forecast for a city',
    input: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        city: { type: 'string', minLength: 2 },
        days: { type: 'integer', minimum: 1, maximum: 7, default: 3 },
      },
      required: ['city'],
      additionalProperties: false,
    },
  })
  forecast(input: { city: string; days: number }): string {
    return \`\${input.city}: sunny for \${input.days} days\`;
  }
}

export default new McpApp({ name: 'json-schema-on-workers', version: '0.1.0', providers: [Forecast] });
`;

describe('a JSON Schema input in workerd', () => {
  let project: TemplateProject;
  let served: Served;

  beforeAll(async () => {
    project = templateProject('workers-json-schema');
    project.write('src/worker.ts', WORKER_ENTRY);
    buildForTarget(project.dir, 'src/worker.ts', 'workers', ['--no-manifest']);
    served = await serveInWorkerd(join(project.dir, 'dist/worker.workers.js'));
  }, 180_000);
  afterAll(async () => {
    await served?.close();
    project?.remove();
  });

  it.each([
    ['SDK v1 (legacy era, stateless mode)', sdkV1],
    ['SDK v2 (2026-07-28)', sdkV2],
  ])('validates good and bad arguments for the %s client', async (_name, connect) => {
    const calls = await connect(served.url);
    try {
      const { tools } = await calls.listTools();
      expect(tools.find((tool) => tool.name === 'forecast')?.inputSchema).toMatchObject({
        properties: { city: { type: 'string', minLength: 2 }, days: { type: 'integer', default: 3 } },
        required: ['city'],
      });
      const good = await calls.callTool('forecast', { city: 'Oslo' });
      expect(good.isError).toBeFalsy();
      expect(good.content).toEqual([{ type: 'text', text: 'Oslo: sunny for 3 days' }]);
      const bad = await calls.callTool('forecast', { city: 'O', days: 9, extra: 1 });
      expect(bad.isError).toBe(true);
      expect(bad.content).toEqual([
        {
          type: 'text',
          text: 'Invalid arguments for tool "forecast":\nunknown field "extra"\ncity must NOT have fewer than 2 characters\ndays must be <= 7',
        },
      ]);
    } finally {
      await calls.close();
    }
  });
});
