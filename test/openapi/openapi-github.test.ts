// GitHub's REST API document (13 MB, @octokit/openapi) at real size: read, cut to the selected operations and
// loaded on a worker thread, so the event loop keeps answering timers throughout; the main thread sees only the
// selection.
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { McpApp } from '../../packages/core/src/index.js';
import { openApiTools } from '../../packages/openapi/src/index.js';
import { connectInMemory } from '../../packages/protocol/src/client.js';

const file = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');

describe("GitHub's REST API document", () => {
  it('loads a selection without holding the event loop for more than 100 ms at a time', async () => {
    // Every 10 ms timer turn records how long the loop was busy since the previous one: the loop's own work, which
    // a thread waiting for a core on a crowded host (idle in the poll phase) does not count.
    let since = performance.eventLoopUtilization();
    let busiest = 0;
    let turns = 0;
    const timer = setInterval(() => {
      const stretch = performance.eventLoopUtilization(since);
      since = performance.eventLoopUtilization();
      busiest = Math.max(busiest, stretch.active);
      turns++;
    }, 10);
    let provider: Awaited<ReturnType<typeof openApiTools>>;
    try {
      provider = await openApiTools({
        document: file,
        baseUrl: 'https://api.github.com',
        include: { tag: ['meta', 'issues'] },
      });
    } finally {
      clearInterval(timer);
    }
    expect(turns).toBeGreaterThan(10);
    expect(busiest).toBeLessThan(100);
    const app = new McpApp({ name: 'github', version: '1.0.0', providers: [provider] });
    const client = await connectInMemory(app);
    const tools = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names.filter((name) => name.startsWith('meta_')).sort()).toEqual([
      'meta_get',
      'meta_get-all-versions',
      'meta_get-octocat',
      'meta_get-zen',
      'meta_root',
    ]);
    expect(names.filter((name) => name.startsWith('issues_'))).toHaveLength(58);
    // An issue's response schema, components and all, made it to the tool (as plain JSON Schema).
    const get = tools.find((tool) => tool.name === 'issues_get');
    expect(get?.outputSchema?.properties).toHaveProperty('user');
    await client.close();
    await app.close();
  }, 120_000);
});
