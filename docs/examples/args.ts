// @Args: the whole arguments object, validated into a DTO instance. Used by docs/args.md.
import 'reflect-metadata';
import { Args, Field, McpApp, Tool } from '@decorum/core';
import { IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';

export class SearchInput {
  @Field({ description: 'Words to look for' }) @IsString() @MinLength(2) query!: string;

  @Field({ description: 'How many results to return' }) @IsOptional() @IsInt() @Min(1) @Max(50) limit: number = 10;

  @Field({ description: 'Only results with all of these tags' })
  @IsOptional()
  @IsString({ each: true })
  tags?: string[];
}

const BOOKS = ['The Pragmatic Programmer', 'Programming Pearls', 'Refactoring', 'Structure and Interpretation'];

export class Library {
  @Tool({ description: 'Searches the library catalogue' })
  search(@Args() input: SearchInput): string {
    // `input` is a SearchInput instance: validated, with `limit` defaulted to 10.
    const words = input.query.toLowerCase();
    const hits = BOOKS.filter((title) => title.toLowerCase().includes(words)).slice(0, input.limit);
    return hits.length > 0 ? hits.join('\n') : `Nothing matches "${input.query}"`;
  }

  // The DTO class given explicitly: needed when the parameter type cannot be reflected.
  @Tool({ description: 'Counts the catalogue entries matching a query' })
  count(@Args(SearchInput) input: { query: string }): string {
    return String(BOOKS.filter((title) => title.toLowerCase().includes(input.query.toLowerCase())).length);
  }
}

export function createApp(): McpApp {
  return new McpApp({ name: 'library', version: '1.0.0', providers: [Library] });
}
