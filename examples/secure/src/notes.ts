// The notes service: everything needs `notes:read`; writing and deleting need `notes:write` too.
// Callers without a scope do not see its tools, and calling one answers 403 with the scopes to ask for.
import { Arg, Authorized, type Context, Ctx, Tool } from '@decorum/core';

interface Note {
  id: string;
  owner: string;
  text: string;
}

@Authorized('notes:read')
export class Notes {
  private readonly notes: Note[] = [];

  @Tool({ description: "Lists the caller's notes", annotations: { readOnlyHint: true } })
  list(@Ctx() ctx: Context) {
    const mine = this.notes.filter((n) => n.owner === ctx.auth?.subject);
    return mine.length === 0 ? 'No notes yet.' : mine.map((n) => `${n.id}: ${n.text}`).join('\n');
  }

  @Tool({ description: 'Adds a note' })
  @Authorized('notes:write')
  add(@Arg('text', { description: 'The note' }) text: string, @Ctx() ctx: Context) {
    const note = { id: String(this.notes.length + 1), owner: ctx.auth?.subject ?? '?', text };
    this.notes.push(note);
    return `Added note ${note.id}.`;
  }
}
