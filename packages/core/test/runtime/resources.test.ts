// Resources and templates with the official client: text, JSON and binary reads, DTO-bound and
// typed variables, subscriptions, runtime list changes, and completions that use earlier arguments.

import { createLinkedTransports } from '@decorum/protocol';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ResourceListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { IsIn, IsInt, IsString, Max, Min } from 'class-validator';
import { describe, expect, it } from 'vitest';
import {
  Args,
  Complete,
  type Context,
  Ctx,
  McpApp,
  Param,
  Resource,
  ResourceDeclarationError,
  ResourceTemplate,
  Tool,
} from '../../src/index.js';

class PageRef {
  @IsString() @IsIn(['guide', 'api']) book!: string;
  @IsInt() @Min(1) @Max(500) page!: number;
}

class Library {
  @Resource('lib://readme', {
    name: 'readme',
    mimeType: 'text/markdown',
    size: 12,
    annotations: { audience: ['user'], priority: 0.8 },
  })
  readme() {
    return '# Readme\nhi';
  }

  @Resource('lib://stats', { name: 'stats' })
  stats() {
    return { books: 2 };
  }

  @Resource('lib://logo', { name: 'logo', mimeType: 'image/png' })
  logo() {
    return new Uint8Array([137, 80, 78, 71]);
  }

  @ResourceTemplate('lib://books/{book}/pages/{page}', { name: 'page', mimeType: 'text/plain' })
  page(@Args() ref: PageRef) {
    return `${ref.book} p.${ref.page} (${typeof ref.page})`;
  }

  @ResourceTemplate('lib://shelves/{shelf}{?limit}', { name: 'shelf' })
  shelf(@Param('shelf') shelf: string, @Param('limit') limit: number) {
    return { shelf, limit: limit ?? null };
  }

  @ResourceTemplate('lib://authors/{country}/{author}', { name: 'author' })
  author(@Param('country') country: string, @Param('author') author: string) {
    return `${author} (${country})`;
  }

  @Complete({ template: 'lib://authors/{country}/{author}', argument: 'country' })
  countries(value: string) {
    return ['france', 'finland', 'norway'].filter((c) => c.startsWith(value));
  }

  @Complete({ template: 'lib://authors/{country}/{author}', argument: 'author' })
  authors(value: string, context: { arguments: Record<string, string> }) {
    const byCountry: Record<string, string[]> = { france: ['hugo', 'hergé'], norway: ['ibsen', 'hamsun'] };
    return (byCountry[context.arguments.country ?? ''] ?? []).filter((a) => a.startsWith(value));
  }

  @Complete({ template: 'lib://books/{book}/pages/{page}', argument: 'page' })
  pages() {
    return { values: Array.from({ length: 500 }, (_, i) => String(i + 1)) };
  }

  @Tool({ description: 'Edits the readme' })
  edit(@Ctx() ctx: Context) {
    ctx.notifyResourceUpdated('lib://readme');
    return 'edited';
  }
}

class Annex {
  @Resource('lib://annex', { name: 'annex' })
  annex() {
    return 'annex';
  }
}

async function connect(app: McpApp) {
  const client = new Client({ name: 't', version: '1' });
  const [c, s] = createLinkedTransports();
  await app.connect(s);
  await client.connect(c as unknown as SdkTransport);
  return client;
}

describe('resources and templates', () => {
  it('lists fixed resources with their metadata and templates', async () => {
    const client = await connect(new McpApp({ name: 'lib', version: '1', providers: [Library] }));
    const { resources } = await client.listResources();
    expect(resources[0]).toEqual({
      uri: 'lib://readme',
      name: 'readme',
      mimeType: 'text/markdown',
      size: 12,
      annotations: { audience: ['user'], priority: 0.8 },
    });
    expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'lib://books/{book}/pages/{page}',
      'lib://shelves/{shelf}{?limit}',
      'lib://authors/{country}/{author}',
    ]);
  });

  it('reads text, JSON and binary content', async () => {
    const client = await connect(new McpApp({ name: 'lib', version: '1', providers: [Library] }));
    expect((await client.readResource({ uri: 'lib://readme' })).contents).toEqual([
      { uri: 'lib://readme', mimeType: 'text/markdown', text: '# Readme\nhi' },
    ]);
    expect((await client.readResource({ uri: 'lib://stats' })).contents).toEqual([
      { uri: 'lib://stats', mimeType: 'application/json', text: '{"books":2}' },
    ]);
    expect((await client.readResource({ uri: 'lib://logo' })).contents).toEqual([
      { uri: 'lib://logo', mimeType: 'image/png', blob: 'iVBORw==' },
    ]);
  });

  it('binds variables through a DTO (typed) or @Param (typed by reflection), and rejects bad ones with -32602', async () => {
    const client = await connect(new McpApp({ name: 'lib', version: '1', providers: [Library] }));
    expect((await client.readResource({ uri: 'lib://books/guide/pages/12' })).contents[0]).toMatchObject({
      text: 'guide p.12 (number)',
    });
    await expect(client.readResource({ uri: 'lib://books/novel/pages/12' })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/book/),
    });
    await expect(client.readResource({ uri: 'lib://books/guide/pages/9999' })).rejects.toMatchObject({
      message: expect.stringMatching(/page/),
    });
    expect((await client.readResource({ uri: 'lib://shelves/top?limit=5' })).contents[0]).toMatchObject({
      text: '{"shelf":"top","limit":5}',
    });
    await expect(client.readResource({ uri: 'lib://shelves/top?limit=many' })).rejects.toMatchObject({ code: -32602 });
    await expect(client.readResource({ uri: 'lib://nothing' })).rejects.toMatchObject({ code: -32002 });
  });

  it('subscribe → updated → unsubscribe, and list_changed when a resource appears at runtime', async () => {
    const app = new McpApp({ name: 'lib', version: '1', providers: [Library] });
    const client = await connect(app);
    const updated: string[] = [];
    let changed = 0;
    client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
      updated.push(n.params.uri);
    });
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () => {
      changed++;
    });
    await client.subscribeResource({ uri: 'lib://readme' });
    await client.callTool({ name: 'edit', arguments: {} });
    app.notifyResourceUpdated('lib://readme');
    app.notifyResourceUpdated('lib://stats');
    await client.unsubscribeResource({ uri: 'lib://readme' });
    await client.callTool({ name: 'edit', arguments: {} });
    app.add(Annex);
    expect((await client.listResources()).resources.map((r) => r.uri)).toContain('lib://annex');
    expect(updated).toEqual(['lib://readme', 'lib://readme']);
    expect(changed).toBeGreaterThanOrEqual(1);
  });

  it('completes template variables using earlier arguments, capped at 100 with total and hasMore', async () => {
    const client = await connect(new McpApp({ name: 'lib', version: '1', providers: [Library] }));
    const ref = { type: 'ref/resource' as const, uri: 'lib://authors/{country}/{author}' };
    expect((await client.complete({ ref, argument: { name: 'country', value: 'f' } })).completion.values).toEqual([
      'france',
      'finland',
    ]);
    const authors = await client.complete({
      ref,
      argument: { name: 'author', value: 'h' },
      context: { arguments: { country: 'france' } },
    });
    expect(authors.completion.values).toEqual(['hugo', 'hergé']);
    const pages = await client.complete({
      ref: { type: 'ref/resource', uri: 'lib://books/{book}/pages/{page}' },
      argument: { name: 'page', value: '' },
    });
    expect(pages.completion).toMatchObject({ total: 500, hasMore: true });
    expect(pages.completion.values).toHaveLength(100);
  });

  it('refuses a @Param that is not a variable of its template, at startup', () => {
    class Wrong {
      @ResourceTemplate('lib://x/{id}', { name: 'x' })
      x(@Param('name') _name: string) {
        return '';
      }
    }
    expect(() => new McpApp({ name: 'w', version: '1', providers: [Wrong] })).toThrow(ResourceDeclarationError);
    expect(() => new McpApp({ name: 'w', version: '1', providers: [Wrong] })).toThrow(/it has: id/);
  });
});
