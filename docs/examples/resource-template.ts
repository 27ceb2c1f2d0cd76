// @ResourceTemplate: a family of resources behind one RFC 6570 URI template. Used by docs/resource-template.md.
import 'reflect-metadata';
import { Args, ErrorCode, McpApp, McpError, Param, ResourceTemplate } from '@decorum/core';
import { IsInt, IsPositive, Max } from 'class-validator';

const NOTES = new Map<number, string[]>([
  [1, ['# Groceries\n\n- milk', '# Groceries\n\n- milk\n- bread']],
  [2, ['# Ideas\n\n- a declarative MCP framework']],
]);

/** The variables of `notes://{id}/revisions/{revision}`, validated like tool arguments. */
export class RevisionRef {
  @IsInt() @IsPositive() id!: number;
  @IsInt() @IsPositive() @Max(100) revision!: number;
}

export class Notes {
  @ResourceTemplate('notes://{id}', {
    name: 'note',
    title: 'A note',
    description: 'The latest revision of a note, as Markdown',
    mimeType: 'text/markdown',
    list: 'listNotes',
  })
  note(@Param('id') id: number): string {
    const revisions = NOTES.get(id);
    if (revisions === undefined)
      throw new McpError(ErrorCode.ResourceNotFound, `No note ${id}`, { uri: `notes://${id}` });
    return revisions[revisions.length - 1] as string;
  }

  // Named by the `list` option: its entries appear in resources/list, with the template's name, title and mimeType.
  listNotes() {
    return [...NOTES.keys()].map((id) => ({ uri: `notes://${id}`, title: `Note ${id}` }));
  }

  // Every variable bound to one DTO: "notes://1/revisions/2" arrives as { id: 1, revision: 2 }.
  @ResourceTemplate('notes://{id}/revisions/{revision}', { name: 'note-revision', mimeType: 'text/markdown' })
  revision(@Args() ref: RevisionRef): string {
    const text = NOTES.get(ref.id)?.[ref.revision - 1];
    if (text === undefined)
      throw new McpError(ErrorCode.ResourceNotFound, `No revision ${ref.revision} of note ${ref.id}`);
    return text;
  }
}

export function createApp(): McpApp {
  return new McpApp({ name: 'notes', version: '1.0.0', providers: [Notes] });
}
