// `decorum build` and `decorum start` on a copy of the fixture project: the bundle carries decorator
// metadata, mcp-manifest.json lists what a client sees, server.json follows the registry's rules,
// and the built app serves the official client over stdio.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN_ARGS, runCli, workProject } from '../support/work-project.js';

describe('decorum build', () => {
  const project = workProject();
  let build: ReturnType<typeof runCli>;
  const json = (file: string) => JSON.parse(readFileSync(`${project.dir}/${file}`, 'utf8'));

  beforeAll(() => {
    build = runCli(project.dir, ['build']);
  });
  afterAll(() => project.remove());

  it('bundles the entry with decorator metadata and says what it wrote', () => {
    expect(build.stderr).toMatch(/built dist\/server\.js \(bundled with its dependencies\) in \d+ ms/);
    expect(build.stderr).toMatch(
      /wrote mcp-manifest\.json \(1 tool, 1 resource, 0 templates, 1 prompt\), server\.json and server-card\.json/,
    );
    expect(build.stderr).toMatch(/wrote the code cache dist\/server\.bundle\.cache/);
    expect(build.status).toBe(0);
    expect(build.stdout).toBe('');
    const bundle = readFileSync(`${project.dir}/dist/server.bundle.cjs`, 'utf8');
    expect(bundle).toMatch(/"design:type"/);
    // One script: a stdio server that clients spawn loads no module graph from node_modules.
    expect(bundle).not.toMatch(/from ["'](class-validator|@decorum\/core|reflect-metadata)["']/);
    expect(bundle).not.toMatch(/^import /m);
    // ASCII only, comments included: V8 keeps a source with any other character as a two-byte string.
    expect(bundle.match(/[\u0080-\uffff]/)).toBeNull();
  });

  it('writes mcp-manifest.json with every list, schemas included, in a stable order', () => {
    const manifest = json('mcp-manifest.json');
    expect(manifest).toMatchObject({
      manifestVersion: 3,
      protocolVersion: '2025-11-25',
      server: { name: 'dev-fixture', version: '1.2.3' },
      tools: [
        {
          name: 'greet',
          description: 'Greets someone',
          inputSchema: { type: 'object', properties: { name: { type: 'string', minLength: 1 } }, required: ['name'] },
        },
      ],
      resources: [{ uri: 'fixture://about', name: 'about', mimeType: 'text/plain' }],
      templates: [],
      prompts: [{ name: 'welcome', arguments: [{ name: 'name', required: true }] }],
    });
    // Building again without changes gives the same bytes (a CI drift check diffs this file).
    const first = readFileSync(`${project.dir}/mcp-manifest.json`, 'utf8');
    expect(runCli(project.dir, ['build']).status).toBe(0);
    expect(readFileSync(`${project.dir}/mcp-manifest.json`, 'utf8')).toBe(first);
  });

  it('writes server.json in the registry format (reverse-DNS name, exact versions, a transport)', () => {
    const server = json('server.json');
    expect(server).toEqual({
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: 'io.github.decorum-dev/dev-fixture',
      description: 'A project that decorum dev and build are tested on',
      version: '1.2.3',
      repository: { url: 'https://github.com/decorum-dev/dev-fixture', source: 'github' },
      packages: [{ registryType: 'npm', identifier: 'dev-fixture', version: '1.2.3', transport: { type: 'stdio' } }],
    });
    expect(build.stderr).toMatch(/name guessed as "io\.github\.decorum-dev\/dev-fixture"; set "mcpName"/);
  });

  it('writes server-card.json from the same data as server.json, with no remote unless one is named', () => {
    const server = json('server.json');
    expect(json('server-card.json')).toEqual({
      $schema: 'https://static.modelcontextprotocol.io/schemas/v1/server-card.schema.json',
      name: server.name,
      version: server.version,
      description: server.description,
      repository: server.repository,
    });
  });

  it('the built app starts from the code cache the build wrote, and answers', () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    };
    const run = spawnSync(process.execPath, ['dist/server.js'], {
      cwd: project.dir,
      input: `${JSON.stringify(initialize)}\n`,
      encoding: 'utf8',
      env: { ...process.env, DECORUM_CODE_CACHE_REPORT: '1' },
      timeout: 30_000,
    });
    expect(run.stderr).toMatch(/\[decorum\] code cache used/);
    expect(JSON.parse(run.stdout.split('\n')[0] as string).result.serverInfo).toMatchObject({ name: 'dev-fixture' });
  });

  it('decorum start serves the built app to the official client over stdio', async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...BIN_ARGS, 'start'],
      cwd: project.dir,
      stderr: 'pipe',
    });
    const client = new Client({ name: 'start-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const result = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } });
      expect(result.content).toEqual([{ type: 'text', text: 'Hello, Ada!' }]);
      expect(client.getServerVersion()).toMatchObject({ name: 'dev-fixture', version: '1.2.3' });
    } finally {
      await client.close();
    }
  });
});

describe("decorum build: the app's own arguments", () => {
  const project = workProject();
  afterAll(() => project.remove());

  it('starts the app with the argv of `node dist/server.js`: strict parseArgs works, the code cache is written', () => {
    // An entry that parses its arguments strictly (an unknown argument or a positional throws) and notes what
    // it was given, the way a user's server with a --port option would.
    writeFileSync(
      `${project.dir}/src/server.ts`,
      [
        "import 'reflect-metadata';",
        "import { writeFileSync } from 'node:fs';",
        "import { parseArgs } from 'node:util';",
        "import { app } from './app.js';",
        "const { values } = parseArgs({ options: { verbose: { type: 'boolean' } } });",
        "writeFileSync(new URL('../argv.json', import.meta.url), JSON.stringify({ argv: process.argv, values, env: Object.keys(process.env).filter((k) => k.startsWith('DECORUM_RUN')) }));",
        'await app.listen({ stdio: true });',
        '',
      ].join('\n'),
    );
    for (const flags of [[], ['--no-manifest']]) {
      const result = runCli(project.dir, ['build', ...flags]);
      expect(result.stderr, flags.join(' ')).toMatch(/wrote the code cache dist\/server\.bundle\.cache/);
      expect(result.status).toBe(0);
      const seen = JSON.parse(readFileSync(`${project.dir}/argv.json`, 'utf8'));
      expect(seen).toEqual({ argv: [process.execPath, `${project.dir}/dist/server.js`], values: {}, env: [] });
    }
    expect(json('mcp-manifest.json').tools.map((t: { name: string }) => t.name)).toEqual(['greet']);
    // decorum list/call start the app the same way (from its sources, over stdio).
    const listed = runCli(project.dir, ['list']);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/greet/);
    expect(JSON.parse(readFileSync(`${project.dir}/argv.json`, 'utf8')).argv).toEqual([
      process.execPath,
      `${project.dir}/src/server.ts`,
    ]);
  });

  function json(file: string) {
    return JSON.parse(readFileSync(`${project.dir}/${file}`, 'utf8'));
  }
});

describe('decorum build: what the manifest holds for a client to judge', () => {
  const project = workProject();
  afterAll(() => project.remove());

  beforeAll(() => {
    // Protected notes (@Authorized, class and method scopes), an MCP App view with an app-only tool, and a
    // provider built only when an environment value is there (as an app does with openApiTools).
    writeFileSync(
      `${project.dir}/src/notes.provider.ts`,
      [
        "import { Args, Authorized, Field, Prompt, Resource, Tool, UiResource } from '@decorum/core';",
        "import { IsString } from 'class-validator';",
        'class NoteInput {',
        "  @Field({ description: 'Text' }) @IsString() text!: string;",
        '}',
        "@Authorized('notes:read')",
        'export class Notes {',
        "  @Tool({ description: 'Lists notes' })",
        "  list_notes() { return 'none'; }",
        "  @Authorized('notes:write')",
        "  @Tool({ description: 'Adds a note', ui: 'ui://notes/board.html' })",
        '  add_note(@Args() input: NoteInput) { return input.text; }',
        "  @Resource('notes://all', { description: 'Every note' })",
        "  all() { return 'none'; }",
        "  @Prompt({ description: 'Summarise the notes' })",
        "  summarise() { return 'Summarise.'; }",
        '}',
        'export class Board {',
        "  @UiResource('ui://notes/board.html', { description: 'The board' })",
        "  board() { return '<!doctype html><p>board</p>'; }",
        "  @Tool({ description: 'Moves a note (the board calls it)', ui: 'ui://notes/board.html', visibility: ['app'] })",
        "  move_note() { return 'moved'; }",
        '}',
        'export class Session {',
        '  @Authorized()',
        "  @Tool({ description: 'Who am I' })",
        "  whoami() { return 'you'; }",
        '}',
        'export class Ops {',
        "  @Tool({ description: 'Restarts the service' })",
        "  restart() { return 'restarted'; }",
        '}',
        'export class Helpdesk {',
        "  @Tool({ description: 'Opens a ticket' })",
        "  open_ticket() { return 'opened'; }",
        '}',
        '',
      ].join('\n'),
    );
    const app = `${project.dir}/src/app.ts`;
    writeFileSync(
      app,
      readFileSync(app, 'utf8')
        .replace(
          "import { GreetTool } from './greet.tool.js';",
          "import { GreetTool } from './greet.tool.js';\nimport { inProcess } from '@decorum/core';\nimport { Board, Helpdesk, Notes, Ops, Session } from './notes.provider.js';",
        )
        .replace(
          'providers: [GreetTool, AboutProvider]',
          // list_notes is renamed by a transform: its scopes follow it to its new name.
          "providers: [GreetTool, AboutProvider, Notes, Board, Session, ...(process.env.HELPDESK_URL ? [Helpdesk] : [])], mounts: [{ prefix: 'ops', scopes: ['ops:admin'], server: inProcess(new McpApp({ name: 'ops', version: '1.0.0', providers: [Ops] })) }], transforms: { tools: { list_notes: { name: 'notes_list' } } }",
        ),
    );
  });

  it('lists protected primitives with their scopes, app-only tools with _meta.ui, views as resources', () => {
    const result = runCli(project.dir, ['build', '--no-bundle']);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/wrote mcp-manifest\.json \(6 tools, 3 resources, 0 templates, 2 prompts\)/);
    expect(result.stderr).toMatch(/MCP App views: ui:\/\/notes\/board\.html/);
    expect(result.stderr).toMatch(/app-only tools \(hosts keep them from the model\): move_note/);
    expect(result.stderr).toMatch(
      /@Authorized: add_note \(notes:read notes:write\), notes_list \(notes:read\), ops_restart \(ops:admin\), whoami \(any authenticated caller\), notes:\/\/all \(notes:read\), summarise \(notes:read\)/,
    );
    const manifest = JSON.parse(readFileSync(`${project.dir}/mcp-manifest.json`, 'utf8'));
    const tools = new Map(manifest.tools.map((t: { name: string }) => [t.name, t]));
    expect([...tools.keys()]).toEqual(['add_note', 'greet', 'move_note', 'notes_list', 'ops_restart', 'whoami']);
    // A mounted server with its own scopes: listed, with the scopes its mount requires.
    expect(tools.get('ops_restart')).toMatchObject({ authorization: { scopes: ['ops:admin'] } });
    expect(tools.get('add_note')).toMatchObject({
      authorization: { scopes: ['notes:read', 'notes:write'] },
      _meta: { ui: { resourceUri: 'ui://notes/board.html' } },
    });
    expect(tools.get('notes_list')).toMatchObject({ authorization: { scopes: ['notes:read'] } });
    expect(tools.get('whoami')).toMatchObject({ authorization: { scopes: [] } });
    expect(tools.get('greet')).not.toHaveProperty('authorization');
    expect(tools.get('move_note')).toMatchObject({
      _meta: { ui: { resourceUri: 'ui://notes/board.html', visibility: ['app'] } },
    });
    expect(manifest.resources).toEqual([
      expect.objectContaining({ uri: 'fixture://about' }),
      expect.objectContaining({ uri: 'notes://all', authorization: { scopes: ['notes:read'] } }),
      expect.objectContaining({ uri: 'ui://notes/board.html', mimeType: 'text/html;profile=mcp-app' }),
    ]);
    expect(manifest.prompts.find((p: { name: string }) => p.name === 'summarise')).toMatchObject({
      authorization: { scopes: ['notes:read'] },
    });
    expect(manifest.capabilities.extensions).toEqual({ 'io.modelcontextprotocol/ui': {} });
    expect(manifest.leftOut.join('\n')).toMatch(/--with-lists/);
  });

  it('warns when the app read an environment value it did not find, and names it', () => {
    // HELPDESK_URL is unset here: the Helpdesk provider is left out, and the build says why the manifest may lack it.
    const result = runCli(project.dir, ['build', '--no-bundle']);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/warning: the app read HELPDESK_URL while starting, and it is not set at build time/);
    expect(JSON.parse(readFileSync(`${project.dir}/mcp-manifest.json`, 'utf8')).tools).not.toContainEqual(
      expect.objectContaining({ name: 'open_ticket' }),
    );
    const set = spawnSync(process.execPath, [...BIN_ARGS, 'build', '--no-bundle'], {
      cwd: project.dir,
      encoding: 'utf8',
      env: { ...process.env, HELPDESK_URL: 'https://helpdesk.example' },
      timeout: 60_000,
    });
    expect(set.status).toBe(0);
    expect(set.stderr).not.toMatch(/warning: the app read/);
    expect(set.stderr).toMatch(/wrote mcp-manifest\.json \(7 tools,/);
  });
});

describe('decorum build: clear errors', () => {
  const project = workProject();
  afterAll(() => project.remove());

  it('names the tsconfig options to add when decorator metadata is off, and builds nothing', () => {
    const tsconfig = `${project.dir}/tsconfig.json`;
    const original = readFileSync(tsconfig, 'utf8');
    writeFileSync(tsconfig, original.replace('"emitDecoratorMetadata": true', '"emitDecoratorMetadata": false'));
    const result = runCli(project.dir, ['build']);
    writeFileSync(tsconfig, original);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/lacks "emitDecoratorMetadata": true in compilerOptions/);
    expect(existsSync(`${project.dir}/dist`)).toBe(false);
  });

  it('decorum start before any build says to run decorum build', () => {
    const result = runCli(project.dir, ['start']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Cannot find the built app dist\/server\.js\. Run `decorum build` first/);
  });

  it('a missing entry names where it looked and how to set it', () => {
    const result = runCli(project.dir, ['build', 'src/nope.ts']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/Cannot find the app's entry src\/nope\.ts/);
    expect(result.stderr).toMatch(/"decorum": \{ "entry": "src\/main\.ts" \}/);
  });

  it('an app that fails to start is reported with its error, and no manifest is written', () => {
    writeFileSync(`${project.dir}/src/server.ts`, "import 'reflect-metadata';\nthrow new Error('cannot start');\n");
    const result = runCli(project.dir, ['build']);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/The built app failed to start, so no manifest was written:[\s\S]*cannot start/);
    expect(existsSync(`${project.dir}/mcp-manifest.json`)).toBe(false);
  });
});

describe('decorum build: bundling', () => {
  const project = workProject();
  afterAll(() => project.remove());

  it('keeps nested DTO types (@Type) working in the bundle: one class-transformer metadata storage', () => {
    writeFileSync(
      `${project.dir}/src/order.tool.ts`,
      [
        "import { Args, Tool } from '@decorum/core';",
        "import { Type } from 'class-transformer';",
        "import { IsInt, IsString, Min, ValidateNested } from 'class-validator';",
        'class Line {',
        '  @IsString() sku!: string;',
        '  @IsInt() @Min(1) quantity!: number;',
        '}',
        'export class OrderInput {',
        '  @ValidateNested({ each: true }) @Type(() => Line) lines!: Line[];',
        '}',
        'export class OrderTool {',
        "  @Tool({ name: 'order', description: 'Counts items' })",
        '  order(@Args() input: OrderInput) {',
        "    return [input.lines.every((l) => l instanceof Line), input.lines.reduce((n, l) => n + l.quantity, 0)].join(' ');",
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    const app = `${project.dir}/src/app.ts`;
    writeFileSync(
      app,
      readFileSync(app, 'utf8')
        .replace(
          "import { GreetTool } from './greet.tool.js';",
          "import { GreetTool } from './greet.tool.js';\nimport { OrderTool } from './order.tool.js';",
        )
        .replace('providers: [GreetTool, AboutProvider]', 'providers: [GreetTool, AboutProvider, OrderTool]'),
    );
    expect(runCli(project.dir, ['build']).status).toBe(0);
    const manifest = JSON.parse(readFileSync(`${project.dir}/mcp-manifest.json`, 'utf8'));
    const order = manifest.tools.find((t: { name: string }) => t.name === 'order');
    expect(order.inputSchema.properties.lines).toMatchObject({
      type: 'array',
      items: { type: 'object', properties: { sku: { type: 'string' }, quantity: { type: 'integer', minimum: 1 } } },
    });
    const call = (json: string) => runCli(project.dir, ['call', 'order', '--json', json, '--entry', 'dist/server.js']);
    expect(call('{"lines":[{"sku":"a","quantity":2},{"sku":"b","quantity":3}]}').stdout).toBe('true 5\n');
    const bad = call('{"lines":[{"sku":"a","quantity":0}]}');
    expect(bad.status).toBe(1);
    expect(bad.stdout).toMatch(/quantity must not be less than 1/);
  });

  it('--no-manifest still starts the app once for the code cache', () => {
    const result = runCli(project.dir, ['build', '--no-manifest']);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/wrote the code cache dist\/server\.bundle\.cache/);
    expect(existsSync(`${project.dir}/dist/server.bundle.cache`)).toBe(true);
  });

  it('an app that cannot start at build time under --no-manifest is built, without a cache', () => {
    const entry = `${project.dir}/src/server.ts`;
    const original = readFileSync(entry, 'utf8');
    writeFileSync(entry, `if (!process.env.FIXTURE_DB) throw new Error('FIXTURE_DB is not set');\n${original}`);
    const result = runCli(project.dir, ['build', '--no-manifest']);
    writeFileSync(entry, original);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(/no code cache: the built app did not start at build time \(.*FIXTURE_DB is not set/);
    expect(existsSync(`${project.dir}/dist/server.js`)).toBe(true);
    expect(existsSync(`${project.dir}/dist/server.bundle.cache`)).toBe(false);
  });

  it('an external package keeps the bundle one ES module, and says why there is no code cache', () => {
    const manifest = `${project.dir}/package.json`;
    const original = readFileSync(manifest, 'utf8');
    writeFileSync(manifest, JSON.stringify({ ...JSON.parse(original), decorum: { external: ['class-transformer'] } }));
    const result = runCli(project.dir, ['build', '--no-manifest']);
    writeFileSync(manifest, original);
    expect(result.status).toBe(0);
    expect(result.stderr).toMatch(
      /no code cache for dist\/server\.js: external packages \(class-transformer\) are imported as modules/,
    );
    expect(existsSync(`${project.dir}/dist/server.bundle.cjs`)).toBe(false);
    expect(readFileSync(`${project.dir}/dist/server.js`, 'utf8')).toMatch(/"design:type"/);
  });

  it('--no-bundle keeps dependencies in node_modules', () => {
    const result = runCli(project.dir, ['build', '--no-bundle', '--no-manifest']);
    expect(result.stderr).toMatch(/built dist\/server\.js \(dependencies external\)/);
    expect(readFileSync(`${project.dir}/dist/server.js`, 'utf8')).toMatch(/from ["']class-validator["']/);
  });
});

describe("decorum build: templates' list methods", () => {
  const project = workProject();
  const marker = `${project.dir}/list-ran`;
  afterAll(() => project.remove());

  beforeAll(() => {
    // A list method with a side effect a test can see (a stand-in for a database query).
    writeFileSync(
      `${project.dir}/src/notes.provider.ts`,
      [
        "import { writeFileSync } from 'node:fs';",
        "import { Param, ResourceTemplate } from '@decorum/core';",
        'export class NotesProvider {',
        "  @ResourceTemplate('notes://{id}', { name: 'note', description: 'A note', list: 'listNotes' })",
        "  note(@Param('id') id: string) {",
        "    return ['note', id].join(' ');",
        '  }',
        '  listNotes() {',
        `    writeFileSync(${JSON.stringify(marker)}, 'ran');`,
        "    return [{ uri: 'notes://1', title: 'Note 1' }];",
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    const app = `${project.dir}/src/app.ts`;
    writeFileSync(
      app,
      readFileSync(app, 'utf8')
        .replace(
          "import { GreetTool } from './greet.tool.js';",
          "import { GreetTool } from './greet.tool.js';\nimport { NotesProvider } from './notes.provider.js';",
        )
        .replace('providers: [GreetTool, AboutProvider]', 'providers: [GreetTool, AboutProvider, NotesProvider]'),
    );
  });

  it('by default runs no list method: the manifest holds the declared resources and templates only', () => {
    const result = runCli(project.dir, ['build', '--no-bundle']);
    expect(result.stderr).toMatch(/wrote mcp-manifest\.json \(1 tool, 1 resource, 1 template, 1 prompt\)/);
    expect(result.status).toBe(0);
    expect(existsSync(marker)).toBe(false);
    const manifest = JSON.parse(readFileSync(`${project.dir}/mcp-manifest.json`, 'utf8'));
    expect(manifest.manifestVersion).toBe(3);
    expect(manifest.resources.map((r: { uri: string }) => r.uri)).toEqual(['fixture://about']);
    expect(manifest.templates).toMatchObject([{ uriTemplate: 'notes://{id}', name: 'note' }]);
    expect(manifest).not.toHaveProperty('resourceTemplates');
  });

  it('--with-lists runs them and adds the resources they list', () => {
    const result = runCli(project.dir, ['build', '--no-bundle', '--with-lists']);
    expect(result.stderr).toMatch(/wrote mcp-manifest\.json \(1 tool, 2 resources, 1 template, 1 prompt\)/);
    expect(existsSync(marker)).toBe(true);
    const manifest = JSON.parse(readFileSync(`${project.dir}/mcp-manifest.json`, 'utf8'));
    expect(manifest.resources.map((r: { uri: string }) => r.uri)).toEqual(['fixture://about', 'notes://1']);
  });
});
