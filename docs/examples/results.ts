// What a handler returns, and how it reaches the client. Used by docs/results.md.
import 'reflect-metadata';
import { audio, embeddedResource, Field, image, McpApp, resourceLink, Tool, text } from '@decorum/core';
import { IsNumber, IsString } from 'class-validator';

export class Forecast {
  @Field({ description: 'Temperature in °C' }) @IsNumber() temperature!: number;
  @Field({ description: 'Sky conditions' }) @IsString() sky!: string;
}

// A 1×1 transparent PNG and a few bytes of WAV header, standing in for real media.
const PNG = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='),
  (c) => c.charCodeAt(0),
);
const WAV = new TextEncoder().encode('RIFF\0\0\0\0WAVE');

export class Results {
  @Tool({ description: 'A string becomes one text block' })
  greeting(): string {
    return 'Hello!';
  }

  @Tool({ description: 'Any other value becomes JSON text' })
  numbers(): number[] {
    return [1, 2, 3];
  }

  // With `output`, an object becomes structuredContent (checked against the DTO) plus its JSON as text.
  @Tool({ description: 'Tomorrow in Oslo', output: Forecast })
  forecast(): Forecast {
    return { temperature: 4, sky: 'snow' };
  }

  // Bytes become image, audio or an embedded blob, by the tool's mimeType.
  @Tool({ description: 'A tiny picture', mimeType: 'image/png' })
  picture(): Uint8Array {
    return PNG;
  }

  // Content blocks, built with the helpers, in the order given.
  @Tool({ description: 'One of every content block' })
  media() {
    return [
      text('Here is everything:'),
      image(PNG, 'image/png'),
      audio(WAV, 'audio/wav'),
      resourceLink('file:///reports/q3.pdf', 'q3-report', { mimeType: 'application/pdf', description: 'Q3 report' }),
      embeddedResource('memo://today', 'Ship on Friday.', 'text/plain'),
    ];
  }

  // A full CallToolResult passes through untouched.
  @Tool({ description: 'Builds the whole result itself' })
  raw() {
    return { content: [text('partly done')], isError: true };
  }
}

export function createApp(): McpApp {
  return new McpApp({ name: 'results', version: '1.0.0', providers: [Results] });
}
