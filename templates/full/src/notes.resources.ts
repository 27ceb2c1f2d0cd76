import { Complete, ErrorCode, McpError, Param, Resource, ResourceTemplate } from '@decorum/core';
import { Service } from 'typedi';
import { NotesService } from './notes.service.js';
import { NOTES_INDEX_URI } from './notes.tools.js';

export const NOTE_TEMPLATE = 'notes://note/{id}';

@Service()
export class NotesResources {
  constructor(private readonly notes: NotesService) {}

  @Resource(NOTES_INDEX_URI, {
    name: 'notes-index',
    title: 'All notes',
    description: 'Every note: id, title and tags',
    mimeType: 'application/json',
  })
  index() {
    return { notes: this.notes.list().map(({ id, title, tags }) => ({ id, title, tags })) };
  }

  @ResourceTemplate(NOTE_TEMPLATE, {
    name: 'note',
    title: 'A note',
    description: 'One note as Markdown',
    mimeType: 'text/markdown',
  })
  note(@Param('id') id: string): string {
    const note = this.notes.get(id);
    if (note === undefined) {
      throw new McpError(ErrorCode.ResourceNotFound, `No note with id "${id}"`, { uri: `notes://note/${id}` });
    }
    return `# ${note.title}\n\n${note.body}\n\nTags: ${note.tags.join(', ') || 'none'} · created ${note.createdAt}\n`;
  }

  // Suggests note ids while the user types the {id} of the template.
  @Complete({ template: NOTE_TEMPLATE, argument: 'id' })
  completeId(value: string): string[] {
    return this.notes
      .list()
      .map((note) => note.id)
      .filter((id) => id.startsWith(value));
  }
}
