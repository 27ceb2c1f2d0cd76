import { Args, type Context, Ctx, Field, Tool } from '@decorum/core';
import { IsString, MaxLength, MinLength } from 'class-validator';

/** The arguments of `greet`: validated before the method runs, and published as its JSON Schema. */
export class GreetInput {
  @Field({ description: 'Who to greet' })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  name!: string;
}

export class GreetTool {
  @Tool({ title: 'Greet', description: 'Greets someone by name', annotations: { readOnlyHint: true } })
  async greet(@Args() input: GreetInput, @Ctx() ctx: Context): Promise<string> {
    await ctx.log.info(`greeting ${input.name}`);
    return `Hello, ${input.name}!`; // a string becomes a text result
  }
}
