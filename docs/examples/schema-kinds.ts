// One tool described five ways: a DTO, zod, valibot, arktype and a JSON Schema. Used by docs/schemas.md.
import 'reflect-metadata';
import { Args, Field, McpApp, Tool } from '@decorum/core';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import { IsInt, IsOptional, IsString, Max, Min, MinLength } from 'class-validator';
import * as v from 'valibot';
import * as z from 'zod';

const description = 'The forecast for a city';
const forecast = (city: string, days = 1) => `${city}: sunny for ${days} day(s)`;

// A DTO: Decorum's own way.
export class ForecastInput {
  @Field({ description: 'City name' })
  @IsString()
  @MinLength(1)
  city!: string;

  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(7)
  days?: number;
}

export class WithDto {
  @Tool({ name: 'forecast_dto', description })
  forecast(@Args() input: ForecastInput) {
    return forecast(input.city, input.days);
  }
}

// zod 4: strictObject refuses unknown fields, as a DTO does.
const zodInput = z.strictObject({
  city: z.string().min(1).describe('City name'),
  days: z.number().int().min(1).max(7).optional(),
});

export class WithZod {
  @Tool({ name: 'forecast_zod', description, input: zodInput })
  forecast({ city, days }: z.infer<typeof zodInput>) {
    return forecast(city, days);
  }
}

// valibot: toStandardJsonSchema gives the schema its JSON Schema converter.
const valibotInput = toStandardJsonSchema(
  v.strictObject({
    city: v.pipe(v.string(), v.minLength(1), v.description('City name')),
    days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(7))),
  }),
);

export class WithValibot {
  @Tool({ name: 'forecast_valibot', description, input: valibotInput })
  forecast({ city, days }: { city: string; days?: number }) {
    return forecast(city, days);
  }
}

// arktype: "+": "reject" refuses unknown fields.
const arktypeInput = type({
  '+': 'reject',
  city: type('string > 0').describe('City name'),
  'days?': '1 <= number.integer <= 7',
});

export class WithArktype {
  @Tool({ name: 'forecast_arktype', description, input: arktypeInput })
  forecast({ city, days }: typeof arktypeInput.infer) {
    return forecast(city, days);
  }
}

// A plain JSON Schema (draft-07 here; 2020-12 with its $schema), checked with Ajv.
const jsonInput = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1, description: 'City name' },
    days: { type: 'integer', minimum: 1, maximum: 7 },
  },
  required: ['city'],
  additionalProperties: false,
};

export class WithJsonSchema {
  @Tool({ name: 'forecast_json', description, input: jsonInput })
  forecast({ city, days }: { city: string; days?: number }) {
    return forecast(city, days);
  }
}

export function createApp(): McpApp {
  return new McpApp({
    name: 'forecasts',
    version: '1.0.0',
    providers: [WithDto, WithZod, WithValibot, WithArktype, WithJsonSchema],
  });
}
