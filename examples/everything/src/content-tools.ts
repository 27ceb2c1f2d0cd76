// The tools every revision's suite calls: content of each type, logging, progress, errors, and the
// JSON Schema 2020-12 tool.
import { Args, audio, type Context, Ctx, embeddedResource, Field, image, Tool, ToolError, text } from '@decorum/core';
import { IsString } from 'class-validator';
import type * as z from 'zod';
import { CONTACT_INPUT } from './contact-input.js';
import { PNG_BASE64, pause, WAV_BASE64 } from './fixtures.js';

/** A tool argument mirrored in the `Mcp-Param-Region` HTTP header by 2026-07-28 clients (SEP-2243). */
export class RegionInput {
  @Field({
    description: 'A region name, also sent as the Mcp-Param-Region header',
    schema: { 'x-mcp-header': 'Region' },
  })
  @IsString()
  region!: string;
}

export class ContentTools {
  @Tool({ name: 'test_simple_text', description: 'Tests simple text content response' })
  simpleText(): string {
    return 'This is a simple text response for testing.';
  }

  @Tool({ name: 'test_image_content', description: 'Tests image content response' })
  imageContent() {
    return image(PNG_BASE64, 'image/png');
  }

  @Tool({ name: 'test_audio_content', description: 'Tests audio content response' })
  audioContent() {
    return audio(WAV_BASE64, 'audio/wav');
  }

  @Tool({ name: 'test_embedded_resource', description: 'Tests embedded resource content response' })
  embeddedResource() {
    return embeddedResource('test://embedded-resource', 'This is an embedded resource content.', 'text/plain');
  }

  @Tool({
    name: 'test_multiple_content_types',
    description: 'Tests response with multiple content types (text, image, resource)',
  })
  multipleContentTypes() {
    return [
      text('Multiple content types test:'),
      image(PNG_BASE64, 'image/png'),
      embeddedResource(
        'test://mixed-content-resource',
        JSON.stringify({ test: 'data', value: 123 }),
        'application/json',
      ),
    ];
  }

  @Tool({ name: 'test_tool_with_logging', description: 'Tests tool that emits log messages during execution' })
  async withLogging(@Ctx() ctx: Context): Promise<string> {
    await ctx.log.info('Tool execution started');
    await pause(50);
    await ctx.log.info('Tool processing data');
    await pause(50);
    await ctx.log.info('Tool execution completed');
    return 'Tool with logging executed successfully';
  }

  @Tool({ name: 'test_tool_with_progress', description: 'Tests tool that reports progress notifications' })
  async withProgress(@Ctx() ctx: Context): Promise<string> {
    for (const step of [0, 50, 100]) {
      if (step > 0) await pause(50);
      await ctx.progress(step, 100, `Completed step ${step} of 100`);
    }
    return `Progress reported for token ${String(ctx.request.progressToken ?? '(none)')}`;
  }

  @Tool({ name: 'test_error_handling', description: 'Tests error response handling' })
  errorHandling(): never {
    throw new ToolError('This tool intentionally returns an error for testing');
  }

  @Tool({ name: 'test_x_mcp_header', description: 'Echoes an argument that clients also send as a header' })
  xMcpHeader(@Args() input: RegionInput): string {
    return `Region: ${input.region}`;
  }
}

/**
 * A zod 4 schema as the input (contact-input.ts): listed as JSON Schema 2020-12 with `$defs`, `$anchor` and the root
 * `allOf`/`if`/`then`/`else` the suite checks (draft-07 shaped for older clients), and checked by zod on every call.
 * The same tool with a plain JSON Schema object is test/fixtures/contact-json-schema.ts, held to the same answers.
 */
export class JsonSchemaTools {
  @Tool({
    name: 'json_schema_2020_12_tool',
    description: 'Tool with JSON Schema 2020-12 features for conformance testing (SEP-1613)',
    input: CONTACT_INPUT,
  })
  jsonSchema2020(input: z.output<typeof CONTACT_INPUT>): string {
    return `JSON Schema 2020-12 tool called with: ${JSON.stringify(input)}`;
  }
}
