// @Tool: a method the model can call. Used by docs/tool.md.
import 'reflect-metadata';
import { Args, Field, McpApp, Tool } from '@decorum/core';
import { IsIn, IsNumber, IsOptional } from 'class-validator';

export class ConvertInput {
  @Field({ description: 'Temperature in degrees Celsius', examples: [21.5] })
  @IsNumber()
  celsius!: number;

  @Field({ description: 'Unit to convert to' })
  @IsOptional()
  @IsIn(['fahrenheit', 'kelvin'])
  to: 'fahrenheit' | 'kelvin' = 'fahrenheit';
}

export class Thermometer {
  @Tool({
    name: 'convert_temperature',
    title: 'Convert a temperature',
    description: 'Converts a temperature from Celsius to Fahrenheit or Kelvin',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  })
  convert(@Args() input: ConvertInput): string {
    const value = input.to === 'kelvin' ? input.celsius + 273.15 : (input.celsius * 9) / 5 + 32;
    return `${input.celsius} °C is ${value.toFixed(1)} ${input.to === 'kelvin' ? 'K' : '°F'}`;
  }

  // No options but a description: the tool is called by its method name, "units", and takes no arguments.
  @Tool({ description: 'Lists the units convert_temperature accepts' })
  units(): string[] {
    return ['fahrenheit', 'kelvin'];
  }
}

export function createApp(): McpApp {
  return new McpApp({ name: 'thermometer', version: '1.0.0', providers: [Thermometer] });
}
