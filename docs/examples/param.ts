// @Param: a variable of the resource template, typed by the parameter. Used by docs/param.md.
import 'reflect-metadata';
import { McpApp, Param, ResourceTemplate } from '@decorum/core';

export class Forecasts {
  // `days` is declared as a number: "3" in the URI arrives as 3; "soon" is refused with -32602.
  // `{?detailed}` is an optional query parameter: absent → undefined, "true"/"false" → a boolean.
  @ResourceTemplate('weather://{city}/forecast/{days}{?detailed}', { name: 'forecast', mimeType: 'application/json' })
  forecast(@Param('city') city: string, @Param('days') days: number, @Param('detailed') detailed?: boolean) {
    const daily = Array.from({ length: days }, (_, i) => ({ day: i + 1, sky: i % 2 === 0 ? 'sunny' : 'cloudy' }));
    return detailed === true ? { city, daily } : { city, days };
  }

  // `{+path}` keeps slashes (reserved expansion); `{var}` alone stops at "/".
  @ResourceTemplate('files:///{+path}', { name: 'file', mimeType: 'text/plain' })
  file(@Param('path') path: string): string {
    return `contents of ${path}`;
  }

  // An exploded variable `{/segments*}` arrives as an array of strings (`[]` for `tree://root`).
  @ResourceTemplate('tree://root{/segments*}', { name: 'tree-node', mimeType: 'application/json' })
  node(@Param('segments') segments: string[]) {
    return { depth: segments.length, segments };
  }
}

export function createApp(): McpApp {
  return new McpApp({ name: 'forecasts', version: '1.0.0', providers: [Forecasts] });
}
