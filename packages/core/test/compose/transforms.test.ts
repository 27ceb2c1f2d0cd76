// Transforms over own primitives: the list clients see, and calls mapped back to the handler.
import { createLinkedTransports } from '@decorum/protocol';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { describe, expect, it } from 'vitest';
import { transformArguments, transformSchema } from '../../src/compose/transforms.js';
import { Arg, CompositionError, McpApp, Prompt, Resource, Tool } from '../../src/index.js';

class Repo {
  @Tool({ description: 'Searches code', annotations: { openWorldHint: true } })
  search(@Arg('owner') owner: string, @Arg('q') q: string, @Arg('limit', { type: Number }) limit: number) {
    return JSON.stringify({ owner, q, limit });
  }

  @Tool({ description: 'Deletes a repository' })
  deleteRepo() {
    return 'deleted';
  }

  @Prompt({ description: 'Reviews a change' })
  review(@Arg('change') change: string, @Arg('tone') tone: string) {
    return `review ${change} in a ${tone} tone`;
  }

  @Resource('repo://readme', { name: 'readme', description: 'The readme' })
  readme() {
    return '# readme';
  }
}

const transforms = {
  tools: {
    deleteRepo: { hidden: true },
    search: {
      name: 'find_code',
      description: 'Finds code in the acme organisation',
      annotations: { readOnlyHint: true },
      arguments: {
        owner: { fixed: 'acme' },
        limit: { default: 10 },
        q: { name: 'query', description: 'What to find' },
      },
    },
  },
  prompts: { review: { name: 'code_review', arguments: { tone: { default: 'kind' } } } },
  resources: { 'repo://readme': { name: 'README', description: 'Start here' } },
};

async function connect(app: McpApp): Promise<Client> {
  const client = new Client({ name: 't', version: '1' });
  const [c, s] = createLinkedTransports();
  await app.connect(s);
  await client.connect(c as unknown as SdkTransport);
  return client;
}

describe('transforms', () => {
  it('rewrites schemas: fixed arguments removed, defaults shown and no longer required, renames applied', () => {
    const schema = {
      type: 'object',
      properties: { owner: { type: 'string' }, q: { type: 'string' }, limit: { type: 'number' } },
      required: ['owner', 'q', 'limit'],
    };
    const args = { owner: { fixed: 'acme' }, limit: { default: 10 }, q: { name: 'query' } };
    expect(transformSchema(schema, args)).toEqual({
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'number', default: 10 } },
      required: ['query'],
    });
    expect(transformArguments({ query: 'x' }, args)).toEqual({ q: 'x', owner: 'acme', limit: 10 });
    // Names the object prototype has are plain names.
    expect(transformArguments({ constructor: 1, toString: 2 }, args)).toEqual({
      constructor: 1,
      toString: 2,
      owner: 'acme',
      limit: 10,
    });
    const hostile = transformArguments(JSON.parse('{"__proto__": {"polluted": true}}'), args);
    expect(Object.getPrototypeOf(hostile)).toBe(Object.prototype);
    expect(Object.keys(hostile)).toEqual(['__proto__', 'owner', 'limit']);
    // A fixed value wins over one sent; the old name of a renamed argument is not accepted.
    expect(transformArguments({ query: 'x', owner: 'evil', q: 'old', limit: 3 }, args)).toEqual({
      q: 'x',
      owner: 'acme',
      limit: 3,
    });
  });

  it('shows own tools, prompts and resources transformed and maps calls back', async () => {
    const app = new McpApp({ name: 't', version: '1', providers: [Repo], transforms });
    const client = await connect(app);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['find_code']);
    const [tool] = tools;
    expect(tool?.description).toBe('Finds code in the acme organisation');
    expect(tool?.annotations).toEqual({ openWorldHint: true, readOnlyHint: true });
    expect(tool?.inputSchema.properties).toEqual({
      query: { type: 'string', description: 'What to find' },
      limit: { type: 'number', default: 10 },
    });
    expect(tool?.inputSchema.required).toEqual(['query']);

    const found = await client.callTool({ name: 'find_code', arguments: { query: 'mount' } });
    expect(found.content).toEqual([{ type: 'text', text: '{"owner":"acme","q":"mount","limit":10}' }]);
    // Hidden and renamed-away names are unknown.
    await expect(client.callTool({ name: 'deleteRepo', arguments: {} })).rejects.toThrow(/Unknown tool: deleteRepo/);
    await expect(client.callTool({ name: 'search', arguments: {} })).rejects.toThrow(/Unknown tool: search/);

    const { prompts } = await client.listPrompts();
    expect(prompts).toEqual([
      {
        name: 'code_review',
        description: 'Reviews a change',
        arguments: [
          { name: 'change', required: true },
          { name: 'tone', required: false, description: '(default: kind)' },
        ],
      },
    ]);
    const prompt = await client.getPrompt({ name: 'code_review', arguments: { change: '#1' } });
    expect(prompt.messages[0]?.content).toEqual({ type: 'text', text: 'review #1 in a kind tone' });

    const { resources } = await client.listResources();
    expect(resources).toEqual([{ uri: 'repo://readme', name: 'README', description: 'Start here' }]);
    await app.close();
  });

  it('refuses at startup a transform of nothing, naming the closest primitive', async () => {
    const app = new McpApp({
      name: 't',
      version: '1',
      providers: [Repo],
      transforms: { tools: { serch: { hidden: true } } },
    });
    await expect(app.connect(createLinkedTransports()[1])).rejects.toThrow(
      new CompositionError(
        'transforms.tools: nothing is named "serch"; did you mean "search"? (mounted ones take their prefix, e.g. "gh_search").',
      ),
    );
  });

  it('refuses at startup two primitives shown under one name', async () => {
    const app = new McpApp({
      name: 't',
      version: '1',
      providers: [Repo],
      transforms: { tools: { deleteRepo: { name: 'search' } } },
    });
    await expect(app.connect(createLinkedTransports()[1])).rejects.toThrow(/would both be shown as "search"/);
  });
});
