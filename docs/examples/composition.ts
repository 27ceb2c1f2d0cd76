// Mounts and transforms: one app serving other MCP servers' primitives beside its own. Used by docs/composition.md.
import 'reflect-metadata';
import {
  Arg,
  type Context,
  Ctx,
  type ExecutionContext,
  type Guard,
  http,
  inProcess,
  McpApp,
  Resource,
  stdio,
  Tool,
} from '@decorum/core';

/** A small notes server: another team's app, mounted in process below. */
class Notes {
  private readonly notes = new Map([['1', 'Buy milk']]);

  @Tool({ description: 'Adds a note' })
  add(@Arg('text') text: string, @Arg('author') author: string) {
    const id = String(this.notes.size + 1);
    this.notes.set(id, `${text} (by ${author})`);
    return `note ${id} added`;
  }

  @Tool({ description: 'Deletes every note' })
  purge() {
    this.notes.clear();
    return 'all notes deleted';
  }

  @Tool({ description: 'Asks the user before sharing a note' })
  async share(@Arg('id') id: string, @Ctx() ctx: Context) {
    const answer = await ctx.elicit({ type: 'object', properties: { ok: { type: 'boolean' } } }, `Share note ${id}?`);
    return answer.action === 'accept' && answer.data.ok === true ? `note ${id} shared` : 'not shared';
  }

  @Resource('notes://list', { name: 'notes', description: 'Every note' })
  list() {
    return [...this.notes.values()].join('\n');
  }
}

export function createNotesApp(): McpApp {
  return new McpApp({ name: 'notes', version: '1.0.0', providers: [Notes] });
}

/** The hub's own tool, served beside the mounted ones. */
class Clock {
  @Tool({ description: 'The current time (ISO 8601)' })
  now() {
    return new Date().toISOString();
  }
}

/** Mounted primitives get the app's guards too: refuse notes that look like secrets. */
const noSecrets: Guard = ({ args }: ExecutionContext) => !/password/i.test(String(args.text ?? ''));

export function createApp(notes: McpApp = createNotesApp()): McpApp {
  return new McpApp({
    name: 'hub',
    version: '1.0.0',
    providers: [Clock],
    guards: [noSecrets],
    // Every primitive of `notes` is served as notes_<name>, its resources as notes://notes/…
    mounts: [{ prefix: 'notes', server: inProcess(notes, { label: 'notes app' }) }],
    transforms: {
      tools: {
        // Not for models: hidden from the list and refused by name.
        notes_purge: { hidden: true },
        // Renamed, redescribed, one argument fixed (gone from the schema), annotated.
        notes_add: {
          name: 'remember',
          description: 'Writes something down for later',
          arguments: { author: { fixed: 'assistant' }, text: { description: 'What to remember' } },
          annotations: { destructiveHint: false },
        },
      },
    },
  });
}

/** A hub of servers from elsewhere: a command spawned over stdio, and a Streamable HTTP URL. */
export function createRemoteHub(notesUrl: string | URL): McpApp {
  return new McpApp({
    name: 'remote-hub',
    version: '1.0.0',
    providers: [],
    mounts: [
      { prefix: 'ev', server: stdio('npx', ['-y', '@modelcontextprotocol/server-everything'], { stderr: 'ignore' }) },
      { prefix: 'notes', server: http(notesUrl), scopes: ['notes:use'], reconnect: { maxDelayMs: 10_000 } },
    ],
    transforms: {
      tools: {
        'ev_trigger-long-running-operation': { arguments: { duration: { default: 2 }, steps: { fixed: 4 } } },
      },
    },
  });
}
