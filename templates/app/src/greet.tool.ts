import { Args, Field, Tool } from '@decorum/core';
import { IsString, MaxLength, MinLength } from 'class-validator';

/** The arguments of both tools: validated before the method runs, and published as their JSON Schema. */
export class GreetInput {
  @Field({ description: 'Who to greet' })
  @IsString()
  @MinLength(1)
  @MaxLength(100)
  name!: string;
}

/** The result: `structuredContent` for the view, and its JSON as text for hosts without views. */
export class Greeting {
  @Field({ description: 'Who was greeted' })
  @IsString()
  name!: string;

  @Field({ description: 'The greeting' })
  @IsString()
  greeting!: string;
}

export class GreetTool {
  // `ui` links the tool to its view: hosts with MCP Apps render ui://greeting/card.html with the result.
  @Tool({
    title: 'Greet',
    description: 'Greets someone by name and shows a greeting card',
    ui: 'ui://greeting/card.html',
    output: Greeting,
    annotations: { readOnlyHint: true },
  })
  greet(@Args() input: GreetInput): Greeting {
    return { name: input.name, greeting: `Hello, ${input.name}!` };
  }

  // visibility ['app']: only the card calls it (its "Shout" button); the model never sees it.
  @Tool({
    description: 'Shouts the greeting (the greeting card calls it)',
    ui: 'ui://greeting/card.html',
    visibility: ['app'],
    output: Greeting,
  })
  shout(@Args() input: GreetInput): Greeting {
    return { name: input.name, greeting: `HELLO, ${input.name.toUpperCase()}!` };
  }
}
