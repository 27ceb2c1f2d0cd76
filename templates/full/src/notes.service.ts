import { Service } from 'typedi';
import { Clock } from './clock.service.js';

/** One note. */
export interface Note {
  id: string;
  title: string;
  body: string;
  tags: string[];
  createdAt: string;
}

/**
 * The notes, kept in memory. A service: the tools, resources and prompts get the same instance
 * through their constructors (dependency injection), and tests can swap it or its Clock.
 */
@Service()
export class NotesService {
  private readonly notes = new Map<string, Note>();

  constructor(private readonly clock: Clock) {
    this.add({ title: 'Welcome', body: 'Notes live in memory until the server stops.', tags: ['intro'] });
  }

  add(input: { title: string; body: string; tags?: string[] }): Note {
    const note: Note = {
      id: String(this.notes.size + 1),
      title: input.title,
      body: input.body,
      tags: [...new Set(input.tags ?? [])],
      createdAt: this.clock.now().toISOString(),
    };
    this.notes.set(note.id, note);
    return note;
  }

  get(id: string): Note | undefined {
    return this.notes.get(id);
  }

  list(): Note[] {
    return [...this.notes.values()];
  }

  /** Notes whose title or body contains `query` (any case), optionally with a tag. */
  search(query: string, tag?: string): Note[] {
    const needle = query.toLowerCase();
    return this.list().filter(
      (note) =>
        (note.title.toLowerCase().includes(needle) || note.body.toLowerCase().includes(needle)) &&
        (tag === undefined || note.tags.includes(tag)),
    );
  }
}
