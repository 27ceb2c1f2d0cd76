// app.scopesFor (what a 401 asks for) follows transforms and knows the scopes of mounts.
import { createLinkedTransports } from '@decorum/protocol';
import { describe, expect, it } from 'vitest';
import { Authorized, inProcess, McpApp, Tool } from '../../src/index.js';

class Admin {
  @Tool({ description: 'Purges' })
  @Authorized('admin')
  purge() {
    return 'purged';
  }
}

class Plain {
  @Tool({ description: 'Pings' })
  ping() {
    return 'pong';
  }
}

describe('scope hints with mounts and transforms', () => {
  it('asks for the scopes of a renamed own tool and of a scoped mount', async () => {
    const inner = new McpApp({ name: 'inner', version: '1', providers: [Plain] });
    const app = new McpApp({
      name: 'outer',
      version: '1',
      providers: [Admin],
      mounts: [{ prefix: 'in', server: inProcess(inner), scopes: ['inner:use'] }],
      transforms: { tools: { purge: { name: 'wipe' } } },
    });
    await app.connect(createLinkedTransports()[1]);
    expect(app.scopesFor({ method: 'tools/call', name: 'wipe' })).toEqual(['admin']);
    expect(app.scopesFor({ method: 'tools/call', name: 'purge' })).toBeUndefined();
    expect(app.scopesFor({ method: 'tools/call', name: 'in_ping' })).toEqual(['inner:use']);
    expect(app.scopesFor({ method: 'tools/call', name: 'other' })).toBeUndefined();
    await app.close();
    await inner.close();
  });
});
