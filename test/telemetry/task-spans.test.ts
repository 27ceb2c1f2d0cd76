// A task's work stays in the trace of the request that created it (issue #25, "tasks linked to the request that
// created them"): the handler span of a task runs on after the request's SERVER span answered with the task, as
// its child, and ends when the task does — in both eras, with the real OpenTelemetry SDK.
import 'reflect-metadata';
import { afterAll, describe, expect, it } from 'vitest';
import { type Context, Ctx, McpApp, Tool } from '../../packages/core/src/index.js';
import { otelHarness, parentOf } from '../../packages/protocol/test/telemetry/otel-harness.js';
import { createTestClient, ERAS } from '../../packages/testing/src/index.js';

class Jobs {
  @Tool({ description: 'A job that always runs as a task', task: 'required' })
  async job(@Ctx() ctx: Context): Promise<string> {
    await ctx.progress(1, 2);
    await new Promise((resolve) => setImmediate(resolve));
    await ctx.progress(2, 2);
    return 'job done';
  }
}

const otel = otelHarness();
afterAll(() => otel.close());

describe.each(ERAS)('task spans, %s era', (era) => {
  it("the task's handler span is a child of the tools/call span that created it, and ends with the task", async () => {
    otel.reset();
    const app = new McpApp({
      name: 'traced-tasks',
      version: '1.0.0',
      providers: [Jobs],
      tasks: {},
      telemetry: { tracerProvider: otel.tracerProvider, meterProvider: otel.meterProvider },
      logger: { warn: () => undefined, error: () => undefined },
    });
    const client = await createTestClient(app, { era });
    const task = await client.callToolAsTask('job');
    expect((await task.result()).text).toBe('job done');
    const finishedAt = Date.now();
    await client.close();

    const spans = otel.spans();
    const call = spans.find((s) => s.name === 'tools/call job');
    const handler = spans.find((s) => s.name === 'handler job');
    expect(call, spans.map((s) => s.name).join(', ')).toBeDefined();
    expect(handler, spans.map((s) => s.name).join(', ')).toBeDefined();
    if (call === undefined || handler === undefined) return;
    expect(handler.spanContext().traceId).toBe(call.spanContext().traceId);
    expect(parentOf(handler)).toBe(call.spanContext().spanId);
    // The request answered with the task first; the handler span covers the task's work after that.
    const endMs = (span: typeof call) => span.endTime[0] * 1e3 + span.endTime[1] / 1e6;
    expect(endMs(handler)).toBeGreaterThanOrEqual(endMs(call));
    expect(endMs(handler)).toBeLessThanOrEqual(finishedAt + 1);
    await app.close();
  });
});
