import { Args, Complete, ErrorCode, embeddedResource, McpError, Prompt } from '@decorum/core';
import { Service } from 'typedi';
import { SUMMARY_STYLES, SummarizeNoteArgs } from './notes.dto.js';
import { NotesService } from './notes.service.js';

@Service()
export class NotesPrompts {
  constructor(private readonly notes: NotesService) {}

  @Prompt({ name: 'summarize-note', title: 'Summarize a note', description: 'Asks the model to summarize a note' })
  summarize(@Args() args: SummarizeNoteArgs) {
    const note = this.notes.get(args.id);
    if (note === undefined) throw new McpError(ErrorCode.InvalidParams, `No note with id "${args.id}"`);
    // A string is a user message; the embedded resource hands the model the note itself.
    return [
      `Summarize the note "${note.title}" as ${args.style ?? SUMMARY_STYLES[0]}.`,
      embeddedResource(`notes://note/${note.id}`, note.body, 'text/markdown'),
    ];
  }

  @Complete({ prompt: 'summarize-note', argument: 'id' })
  completeId(value: string): string[] {
    return this.notes
      .list()
      .map((note) => note.id)
      .filter((id) => id.startsWith(value));
  }

  @Complete({ prompt: 'summarize-note', argument: 'style' })
  completeStyle(value: string): string[] {
    return SUMMARY_STYLES.filter((style) => style.startsWith(value));
  }
}
