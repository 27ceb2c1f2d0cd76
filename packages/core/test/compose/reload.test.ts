// Under a host (`decorum dev`), a reloaded app takes over the previous one: the previous app's mounts are
// closed then (no process or connection left behind per reload), the new app's at its close.
import { createLinkedTransports } from '@decorum/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_HOST, type AppHost } from '../../src/host.js';
import { inProcess, McpApp, type MountSource, Tool } from '../../src/index.js';

class Plain {
  @Tool({ description: 'Pings' })
  ping() {
    return 'pong';
  }
}

const slot = globalThis as { [APP_HOST]?: AppHost };
afterEach(() => {
  delete slot[APP_HOST];
});

describe('mounts across a reload', () => {
  it('closes the previous app’s mounts when a new app takes over, and its own at close', async () => {
    const inner = new McpApp({ name: 'inner', version: '1', providers: [Plain] });
    const closed: string[] = [];
    const tracked = (label: string): MountSource => {
      const source = inProcess(inner);
      return {
        label,
        async connect(handlers) {
          const client = await source.connect(handlers);
          return {
            ...client,
            serverCapabilities: client.serverCapabilities,
            close: async () => {
              closed.push(label);
              await client.close();
            },
          };
        },
      };
    };
    const make = (label: string) =>
      new McpApp({ name: 'outer', version: '1', providers: [], mounts: [{ prefix: 'in', server: tracked(label) }] });

    let first: McpApp | undefined;
    slot[APP_HOST] = {
      listen: async (app, _where, hosting) => {
        if (first === undefined) first = app;
        else hosting.takeOver(first);
        return {};
      },
    };
    const before = make('before');
    await before.connect(createLinkedTransports()[1]);
    await before.listen({ stdio: true });
    const after = make('after');
    await after.connect(createLinkedTransports()[1]);
    await after.listen({ stdio: true });
    expect(closed).toEqual(['before']);
    await after.close();
    expect(closed).toEqual(['before', 'after']);
    await inner.close();
  });
});
