// The DTOs: class-validator checks every call's arguments before a method runs (a failure is an
// isError result naming the field), and @Field documents them in the JSON Schema clients see.
import { Field } from '@decorum/core';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min, MinLength } from 'class-validator';

export class AddNoteInput {
  @Field({ description: 'A short title', examples: ['Groceries'] })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  title!: string;

  @Field({ description: 'The text of the note (Markdown)' })
  @IsString()
  body!: string;

  @Field({ description: 'Labels to find the note by', type: ['string'] })
  @IsOptional()
  @IsString({ each: true })
  tags?: string[];
}

/** The structured result of `add_note`: becomes its outputSchema. */
export class AddedNote {
  @Field({ description: 'The new note id' }) @IsString() id!: string;
  @Field({ description: 'Where to read it' }) @IsString() uri!: string;
}

export class SearchNotesInput {
  @Field({ description: 'Text to look for in titles and bodies' })
  @IsString()
  query!: string;

  @Field({ description: 'Only notes with this tag' })
  @IsOptional()
  @IsString()
  tag?: string;

  @Field({ description: 'At most this many notes', default: 10 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(50)
  limit: number = 10;
}

export const SUMMARY_STYLES = ['bullet points', 'one paragraph', 'one sentence'];

export class SummarizeNoteArgs {
  @Field({ description: 'The id of the note to summarize' })
  @IsString()
  id!: string;

  @Field({ description: `How to write the summary: ${SUMMARY_STYLES.join(', ')}` })
  @IsOptional()
  @IsIn(SUMMARY_STYLES)
  style?: string;
}
