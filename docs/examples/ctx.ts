// @Ctx and Context: what a handler can know and do during one request. Used by docs/ctx.md and docs/context.md.
import 'reflect-metadata';
import { Arg, type Context, Ctx, Field, McpApp, Resource, Tool } from '@decorum/core';
import { IsBoolean, IsOptional, IsString } from 'class-validator';

export class Confirm {
  @Field({ description: 'Delete the note?' }) @IsBoolean() confirm!: boolean;
  @Field({ description: 'Why (optional)' }) @IsOptional() @IsString() reason?: string;
}

export class Workspace {
  private readonly notes = new Map([['todo', 'buy milk']]);
  private revision = 1;

  @Tool({ name: 'import_files', description: 'Imports files, reporting progress' })
  async importFiles(@Arg('count') count: number, @Ctx() ctx: Context): Promise<string> {
    await ctx.log.info(`importing ${count} files`, 'importer');
    for (let done = 1; done <= count; done++) {
      ctx.throwIfCancelled(); // stop early if the client cancelled the request
      await ctx.progress(done, count, `file ${done} of ${count}`);
    }
    return `imported ${count} files`;
  }

  @Tool({ description: 'Says who is asking' })
  whoami(@Ctx() ctx: Context): string {
    return `${ctx.clientInfo?.name ?? 'unknown client'} speaking ${ctx.protocolVersion} (${ctx.era})`;
  }

  @Tool({ description: 'Deletes a note after asking the user' })
  async delete(@Arg('name') name: string, @Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(Confirm, `Delete the note "${name}"?`);
    if (answer.action !== 'accept' || !answer.data.confirm) return `kept ${name}`;
    this.notes.delete(name);
    this.revision++;
    ctx.notifyResourceUpdated('workspace://status'); // subscribed clients re-read it
    return `deleted ${name}${answer.data.reason ? ` (${answer.data.reason})` : ''}`;
  }

  @Tool({ description: "Summarizes a text with the client's model" })
  async summarize(@Arg('text') text: string, @Ctx() ctx: Context): Promise<string> {
    const reply = await ctx.sample(`Summarize in one line:\n\n${text}`, { maxTokens: 100 });
    const content = reply.content as { type: string; text?: string };
    return content.type === 'text' ? (content.text ?? '') : '(no text)';
  }

  @Tool({ description: 'Lists the folders the client lets this server use' })
  async folders(@Ctx() ctx: Context): Promise<string> {
    const roots = await ctx.listRoots();
    return roots.map((root) => root.name ?? root.uri).join(', ');
  }

  @Resource('workspace://status', { name: 'status', mimeType: 'application/json' })
  status() {
    return { revision: this.revision, notes: [...this.notes.keys()] };
  }
}

export function createApp(): McpApp {
  return new McpApp({ name: 'workspace', version: '1.0.0', providers: [Workspace] });
}
