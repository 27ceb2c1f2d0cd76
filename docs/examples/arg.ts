// @Arg: one named argument per parameter, for tools and prompts with a few simple inputs. Used by docs/arg.md.
import 'reflect-metadata';
import { Arg, McpApp, Tool } from '@decorum/core';

export class Calculator {
  @Tool({ description: 'Adds two numbers' })
  add(@Arg('a') a: number, @Arg('b', { description: 'The second term' }) b: number): string {
    return String(a + b);
  }

  @Tool({ description: 'Rounds a number to some decimal places' })
  round(
    @Arg('value', { title: 'Value', description: 'The number to round' }) value: number,
    @Arg('places', { optional: true, description: 'Decimal places (default 0)', schema: { minimum: 0 } })
    places?: number,
  ): string {
    return value.toFixed(places ?? 0);
  }

  // Arrays never reflect their item type: say it with `type`.
  @Tool({ description: 'Sums a list of numbers' })
  sum(@Arg('values', { type: [Number] }) values: number[]): string {
    return String(values.reduce((total, v) => total + v, 0));
  }

  // A Date argument is an ISO 8601 string on the wire and a Date in the method.
  @Tool({ description: 'The weekday of a date' })
  weekday(@Arg('date', { description: 'An ISO 8601 date-time' }) date: Date): string {
    return date.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  }
}

export function createApp(): McpApp {
  return new McpApp({ name: 'calculator', version: '1.0.0', providers: [Calculator] });
}
