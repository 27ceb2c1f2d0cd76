// Tasks: a deploy that takes about ten seconds, reports progress and asks for one approval, run as an MCP
// task for clients that support tasks (and as a plain call for the others). Used by docs/tasks.md.
import 'reflect-metadata';
import { Arg, type Context, Ctx, Field, McpApp, Tool } from '@decorum/core';
import type { TaskOptions } from '@decorum/protocol/tasks';
import { IsBoolean } from 'class-validator';

export class Approval {
  @Field({ description: 'Go ahead with the production rollout?' }) @IsBoolean() approve!: boolean;
}

/** Waits `ms`, or stops at once when the call (or its task) is cancelled. */
function step(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    signal.throwIfAborted();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

export class Deployments {
  constructor(private readonly stepMs = 2_000) {}

  @Tool({ description: 'Builds, tests and rolls out a service (about ten seconds)', task: 'optional' })
  async deploy(@Arg('service') service: string, @Ctx() ctx: Context): Promise<string> {
    const stages = ['build', 'test', 'stage'];
    for (const [done, stage] of stages.entries()) {
      await ctx.progress(done, 5, `${stage} ${service}`);
      await step(this.stepMs, ctx.signal);
    }
    // Inside a task, the question waits in the task (input_required) until the client answers it.
    const answer = await ctx.elicit(Approval, `${service} is staged. Roll it out to production?`);
    if (answer.action !== 'accept' || !answer.data.approve) return `${service}: rollout not approved, staging kept`;
    await ctx.progress(4, 5, `roll out ${service}`);
    await step(this.stepMs, ctx.signal);
    await ctx.progress(5, 5, 'done');
    return `${service} deployed to production`;
  }

  // A quick check first; only a real release continues as a task (and, for tasks-aware clients only).
  @Tool({ description: 'Releases a version, or says why not', task: { support: 'optional', start: 'handler' } })
  async release(@Arg('version') version: string, @Ctx() ctx: Context): Promise<string> {
    if (!/^\d+\.\d+\.\d+$/.test(version)) return `not a version: ${version}`; // answered at once
    await ctx.continueAsTask({ statusMessage: `releasing ${version}` });
    await step(this.stepMs, ctx.signal);
    return `released ${version}`;
  }
}

/** The app; `stepMs` shortens the deploy for tests. */
export function createApp(stepMs = 2_000): McpApp {
  // Inherited tools count: a subclass carries the timing without any container setup.
  class TimedDeployments extends Deployments {
    constructor() {
      super(stepMs);
    }
  }
  return new McpApp({
    name: 'deployer',
    version: '1.0.0',
    providers: [TimedDeployments],
    // Tasks are opt-in (an extension). Give a shared store to run several instances: see docs/tasks.md.
    tasks: { pollIntervalMs: 1_000, defaultTtlMs: 3_600_000 },
  });
}

// Every task option with its default: what `tasks: {}` means.
export const taskOptionsWithDefaults: TaskOptions = {
  defaultTtlMs: 3_600_000, // a task and its result are kept 1 hour when the client asks for no ttl
  maxTtlMs: 86_400_000, // the longest ttl a 2025-11-25 client may ask for: 24 hours
  pollIntervalMs: 1_000, // what clients are told about how often to poll
  leaseMs: 15_000, // a task whose instance stopped renewing its lease this long is reported failed
  maxLiveTasksPerRequestor: 100, // running tasks per principal (anonymous: per session or connection)
  maxLiveTasks: 1_000, // running tasks on this instance, all requestors together
  maxStoredBytes: 64 * 1024 * 1024, // the in-memory store's size (JSON, results included)
  // store: new RedisTaskStore(redis), // to share tasks between instances (then maxStoredBytes is Redis's)
};
