// @Authorized: lists filtered per caller, calls refused with the step-up error, class and method
// scopes adding up, ctx.auth, and the filtered lists reused rather than rebuilt.

import { type AuthInfo, createLinkedTransports, type Transport } from '@decorum/protocol';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { describe, expect, it } from 'vitest';
import {
  Arg,
  Authorized,
  Complete,
  type Context,
  Ctx,
  DecorumStartupError,
  McpApp,
  Param,
  Prompt,
  Resource,
  ResourceTemplate,
  Tool,
  UseGuards,
} from '../../src/index.js';
import { ScopeFilter } from '../../src/runtime/scopes.js';

const guarded: string[] = [];

@Authorized('notes:read')
class Notes {
  @Tool({ description: 'Lists notes' })
  list(@Ctx() ctx: Context) {
    return `notes of ${ctx.auth?.subject}`;
  }

  @Tool({ description: 'Deletes a note' })
  @Authorized('notes:write')
  @UseGuards(() => {
    guarded.push('remove');
    return true;
  })
  remove(@Arg('id') id: string) {
    return `deleted ${id}`;
  }
}

class SharedNotes extends Notes {
  @Tool({ description: 'Shares a note' })
  share() {
    return 'shared';
  }
}

class Files {
  @Tool({ description: 'Public: the time' })
  time() {
    return 'noon';
  }

  @Resource('files://index', { name: 'index' })
  @Authorized('files:read')
  index() {
    return 'a.txt';
  }

  @ResourceTemplate('files://{name}', { name: 'file', list: 'all' })
  @Authorized('files:read')
  file(@Param('name') name: string) {
    return `content of ${name}`;
  }

  all() {
    return ['files://a.txt'];
  }

  @Prompt({ description: 'Any signed-in caller' })
  @Authorized()
  summarize(@Arg('topic') topic: string) {
    return `summarize ${topic}`;
  }

  @Complete({ prompt: 'summarize', argument: 'topic' })
  topics() {
    return ['notes', 'files'];
  }
}

/** The server side of an in-memory pair, with every message carrying `auth` (as HTTP would). */
function authenticated(transport: Transport, auth: AuthInfo | undefined): Transport {
  return new Proxy(transport, {
    set(target, key, value) {
      const wrapped =
        key === 'onmessage' && typeof value === 'function'
          ? (message: unknown) => value(message, { authInfo: auth })
          : value;
      (target as unknown as Record<string | symbol, unknown>)[key] = wrapped;
      return true;
    },
  });
}

async function connect(app: McpApp, auth?: AuthInfo): Promise<Client> {
  const client = new Client({ name: 't', version: '1' });
  const [c, s] = createLinkedTransports();
  await app.connect(authenticated(s, auth));
  await client.connect(c as unknown as SdkTransport);
  return client;
}

const app = () => new McpApp({ name: 'secure', version: '1', providers: [SharedNotes, Files] });
const who = (scopes: string[]): AuthInfo => ({ subject: 'alice', clientId: 'app', scopes });

describe('@Authorized', () => {
  it('shows an anonymous caller only the public primitives and refuses the rest with the scopes', async () => {
    const client = await connect(app());
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['time']);
    expect((await client.listResources()).resources).toEqual([]);
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual([]);
    expect((await client.listPrompts()).prompts).toEqual([]);
    await expect(client.callTool({ name: 'list' })).rejects.toMatchObject({
      code: -32600,
      data: { error: 'insufficient_scope', requiredScopes: ['notes:read'] },
    });
    await expect(client.readResource({ uri: 'files://a.txt' })).rejects.toMatchObject({
      data: { requiredScopes: ['files:read'] },
    });
    await expect(client.getPrompt({ name: 'summarize', arguments: { topic: 'x' } })).rejects.toMatchObject({
      message: expect.stringContaining('needs an authenticated caller'),
    });
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'summarize' },
      argument: { name: 'topic', value: '' },
    });
    expect(completion.completion.values).toEqual([]);
  });

  it('adds class and method scopes (inherited too), checks them before guards, and names all of them', async () => {
    guarded.length = 0;
    const client = await connect(app(), who(['notes:read']));
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['list', 'share', 'time']);
    expect((await client.callTool({ name: 'list' })).content).toEqual([{ type: 'text', text: 'notes of alice' }]);
    expect((await client.callTool({ name: 'share' })).content).toEqual([{ type: 'text', text: 'shared' }]);
    await expect(client.callTool({ name: 'remove', arguments: { id: '1' } })).rejects.toMatchObject({
      data: { requiredScopes: ['notes:read', 'notes:write'] },
    });
    expect(guarded).toEqual([]);
    const writer = await connect(app(), who(['notes:read', 'notes:write']));
    expect((await writer.callTool({ name: 'remove', arguments: { id: '1' } })).content).toEqual([
      { type: 'text', text: 'deleted 1' },
    ]);
    expect(guarded).toEqual(['remove']);
  });

  it('lets a caller with the scope list and read resources, templates and their instances', async () => {
    const client = await connect(app(), who(['files:read']));
    expect((await client.listResources()).resources.map((r) => r.uri)).toEqual(['files://index', 'files://a.txt']);
    expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.name)).toEqual(['file']);
    expect((await client.readResource({ uri: 'files://a.txt' })).contents[0]).toMatchObject({
      text: 'content of a.txt',
    });
    expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual(['summarize']);
    const completion = await client.complete({
      ref: { type: 'ref/prompt', name: 'summarize' },
      argument: { name: 'topic', value: '' },
    });
    expect(completion.completion.values).toEqual(['notes', 'files']);
  });

  it('refuses resources/subscribe to a resource the caller may not read (fixed or through a template)', async () => {
    const anonymous = await connect(app());
    for (const uri of ['files://index', 'files://b.txt']) {
      await expect(anonymous.subscribeResource({ uri })).rejects.toMatchObject({
        data: { error: 'insufficient_scope', requiredScopes: ['files:read'] },
      });
    }
    // A URI nothing serves yet stays subscribable, as before; a reader may subscribe to the protected ones.
    await expect(anonymous.subscribeResource({ uri: 'other://x' })).resolves.toEqual({});
    const reader = await connect(app(), who(['files:read']));
    await expect(reader.subscribeResource({ uri: 'files://index' })).resolves.toEqual({});
    await expect(reader.subscribeResource({ uri: 'files://b.txt' })).resolves.toEqual({});
  });

  it('refuses scopes that cannot appear in a challenge, at startup', () => {
    expect(() => Authorized('two words')).toThrow(DecorumStartupError);
    expect(() => Authorized('a"b')).toThrow(/not a valid OAuth scope/);
  });
});

describe('ScopeFilter', () => {
  it('reuses one filtered array per relevant scope set, and passes unprotected lists through', () => {
    const list = ['public', 'read', 'write'];
    const filter = new ScopeFilter<string>([undefined, ['r'], ['r', 'w']]);
    const reader = filter.filter(list, { scopes: ['r', 'unrelated'] });
    expect(reader).toEqual(['public', 'read']);
    expect(filter.filter(list, { scopes: ['other', 'r'] })).toBe(reader);
    expect(filter.filter(list, { scopes: ['w', 'r'] })).toEqual(list);
    expect(filter.filter(list, undefined)).toEqual(['public']);
    const open = new ScopeFilter<string>([undefined, undefined]);
    expect(open.filter(list, undefined)).toBe(list);
  });
});
