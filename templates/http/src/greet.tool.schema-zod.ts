import { type Context, Ctx, Tool } from '@decorum/core';
import * as z from 'zod';

/** The arguments of `greet`: validated before the method runs, and published as its JSON Schema. */
export const GreetInput = z.strictObject({
  name: z.string().min(1).max(100).describe('Who to greet'),
});

export class GreetTool {
  @Tool({
    title: 'Greet',
    description: 'Greets someone by name',
    annotations: { readOnlyHint: true },
    input: GreetInput,
  })
  async greet(input: z.infer<typeof GreetInput>, @Ctx() ctx: Context): Promise<string> {
    await ctx.log.info(`greeting ${input.name}`);
    return `Hello, ${input.name}!`; // a string becomes a text result
  }
}
