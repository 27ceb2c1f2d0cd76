import { Args, type Context, Ctx, Tool } from '@decorum/core';
import { Service } from 'typedi';
import { AddedNote, AddNoteInput, SearchNotesInput } from './notes.dto.js';
import { NotesService } from './notes.service.js';

export const NOTES_INDEX_URI = 'notes://index';

@Service()
export class NotesTools {
  constructor(private readonly notes: NotesService) {}

  @Tool({ name: 'add_note', title: 'Add a note', description: 'Saves a new note', output: AddedNote })
  async add(@Args() input: AddNoteInput, @Ctx() ctx: Context): Promise<AddedNote> {
    const note = this.notes.add(input);
    await ctx.log.info(`added note ${note.id}`);
    ctx.notifyResourceUpdated(NOTES_INDEX_URI); // clients subscribed to the index re-read it
    return { id: note.id, uri: `notes://note/${note.id}` }; // with `output`: structuredContent + text
  }

  @Tool({
    name: 'search_notes',
    title: 'Search notes',
    description: 'Finds notes whose title or body contains the query',
    annotations: { readOnlyHint: true },
  })
  search(@Args() input: SearchNotesInput): string {
    const found = this.notes.search(input.query, input.tag).slice(0, input.limit);
    if (found.length === 0) return `No note matches "${input.query}".`;
    return found.map((note) => `#${note.id} ${note.title} [${note.tags.join(', ')}]`).join('\n');
  }
}
