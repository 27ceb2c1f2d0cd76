// The fixtures of the tasks scenarios (extension io.modelcontextprotocol/tasks, SEP-2663): tools that
// run as tasks when the client opts in. Each handler is written as any other: the engine makes the
// task, routes ctx.elicit to the task's input requests, and aborts ctx.signal on tasks/cancel.
import { Arg, type Context, Ctx, Tool, ToolError } from '@decorum/core';
import { McpError } from '@decorum/protocol';
import { ask } from './fixtures.js';

/** Waits `ms`, or rejects as soon as the request (or its task) is cancelled. */
function work(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

export class TaskTools {
  @Tool({ name: 'greet', description: 'Greets synchronously (never a task)' })
  greet(@Arg('name', { type: String, optional: true }) name?: string): string {
    return `Hello, ${name ?? 'World'}!`;
  }

  @Tool({
    name: 'slow_compute',
    description: 'Works for `seconds` seconds, as a task when the client supports tasks',
    task: 'optional',
  })
  async slowCompute(
    @Arg('seconds', { type: Number, optional: true }) seconds: number | undefined,
    @Arg('label', { type: String, optional: true }) label: string | undefined,
    @Ctx() ctx: Context,
  ): Promise<string> {
    await work((seconds ?? 1) * 1_000, ctx.signal);
    return `Computed ${label ?? 'result'} after ${seconds ?? 1}s`;
  }

  @Tool({
    name: 'failing_job',
    description: 'Fails with a tool error after a second (task required)',
    task: 'required',
  })
  async failingJob(@Ctx() ctx: Context): Promise<string> {
    await work(1_000, ctx.signal);
    throw new ToolError('The job failed: the build server rejected it');
  }

  @Tool({ name: 'protocol_error_job', description: 'Ends in a JSON-RPC error (the task fails)', task: 'optional' })
  async protocolErrorJob(@Ctx() ctx: Context): Promise<string> {
    await work(200, ctx.signal);
    throw new McpError(-32603, 'The job crashed with an internal error');
  }

  @Tool({ name: 'confirm_delete', description: 'Asks for a confirmation inside the task', task: 'optional' })
  async confirmDelete(
    @Arg('filename', { type: String, optional: true }) filename: string | undefined,
    @Ctx() ctx: Context,
  ): Promise<string> {
    const answer = await ctx.elicit(ask({ confirm: 'boolean' }), `Delete ${filename ?? 'the file'}?`);
    return answer.action === 'accept' && answer.data.confirm === true
      ? `Deleted ${filename ?? 'the file'}`
      : `Kept ${filename ?? 'the file'} (${answer.action})`;
  }

  @Tool({ name: 'multi_input', description: 'Asks two questions at once inside the task', task: 'optional' })
  async multiInput(@Ctx() ctx: Context): Promise<string> {
    const [first, second] = await Promise.all([
      ctx.elicit(ask({ name: 'string' }), 'First name?'),
      ctx.elicit(ask({ name: 'string' }), 'Second name?'),
    ]);
    const name = (a: typeof first) => (a.action === 'accept' ? String(a.data.name) : a.action);
    return `Got ${name(first)} and ${name(second)}`;
  }

  // The name is asked before the task exists (a multi-round-trip input_required), then the call
  // continues as a task: the composition the extension describes.
  @Tool({
    name: 'test_tool_with_task',
    description: 'Asks for a name, then continues as a task',
    task: { support: 'required', start: 'handler' },
  })
  async toolWithTask(@Ctx() ctx: Context): Promise<string> {
    const answer = await ctx.elicit(ask({ name: 'string' }), 'What is your name?', { key: 'user_name' });
    await ctx.continueAsTask({ statusMessage: 'Greeting' });
    await work(300, ctx.signal);
    return answer.action === 'accept' ? `Hello, ${String(answer.data.name)}!` : `No name given (${answer.action})`;
  }
}
