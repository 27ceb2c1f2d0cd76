// @Field: documenting DTO properties for the JSON Schema clients see. Used by docs/field.md (details in docs/schemas.md).
import 'reflect-metadata';
import { Args, Field, McpApp, Tool } from '@decorum/core';
import { IsAlphanumeric, IsEmail, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

// A branded type reflects as Object, and @IsAlphanumeric() implies no JSON type: `type` says it.
type CustomerId = string & { readonly brand: 'CustomerId' };

export class TicketInput {
  @Field({ title: 'Subject', description: 'One line saying what is wrong', examples: ['Login fails'] })
  @IsString()
  @MaxLength(120)
  subject!: string;

  @Field({ description: 'The customer who reported it', type: 'string', schema: { maxLength: 12 } })
  @IsAlphanumeric()
  customer!: CustomerId;

  @Field({ description: 'How urgent it is', default: 'low' }) @IsIn(['low', 'high']) priority!: 'low' | 'high';

  @Field({ description: 'Who to notify' }) @IsOptional() @IsEmail() notify?: string;

  @Field({ description: 'Labels to add', type: ['string'] }) @IsOptional() @IsString({ each: true }) labels?: string[];
}

export class Tickets {
  @Tool({ description: 'Opens a support ticket' })
  open(@Args() ticket: TicketInput): string {
    return `opened "${ticket.subject}" for ${ticket.customer} (${ticket.priority})`;
  }
}

export function createApp(): McpApp {
  return new McpApp({ name: 'tickets', version: '1.0.0', providers: [Tickets] });
}
