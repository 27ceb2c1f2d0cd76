// MCP Apps: a tool with an interactive view (docs/apps.md). The view is inline HTML speaking the
// extension's postMessage protocol by hand, so this file runs as it is; real projects bundle ui/*.html
// with `decorum build` and use the App class of @modelcontextprotocol/ext-apps (see the app template).
import 'reflect-metadata';
import { Args, Field, McpApp, Tool, text, UiResource } from '@decorum/core';
import { IsString } from 'class-validator';

export class TimeZoneInput {
  @Field({ description: 'An IANA time zone', examples: ['Europe/Paris'] })
  @IsString()
  timeZone!: string;
}

const CLOCK_HTML = `<!doctype html>
<html><body style="font-family: system-ui; margin: 16px">
  <h1 id="time">…</h1><p id="zone"></p><button id="tick">Tick</button>
  <script type="module">
    let next = 0;
    const pending = new Map();
    const request = (method, params) =>
      new Promise((resolve) => {
        pending.set(++next, resolve);
        parent.postMessage({ jsonrpc: '2.0', id: next, method, params }, '*');
      });
    const show = (clock) => {
      document.getElementById('time').textContent = clock.time;
      document.getElementById('zone').textContent = clock.timeZone;
    };
    addEventListener('message', ({ data }) => {
      if (data?.method === 'ui/notifications/tool-result') show(data.params.structuredContent);
      // The host asks before it removes the view; a view answers (after saving anything unsaved).
      else if (data?.method === 'ui/resource-teardown') parent.postMessage({ jsonrpc: '2.0', id: data.id, result: {} }, '*');
      else if (data?.method === undefined && pending.has(data?.id)) pending.get(data.id)(data.result);
    });
    document.getElementById('tick').onclick = async () => {
      const timeZone = document.getElementById('zone').textContent;
      show((await request('tools/call', { name: 'clock_tick', arguments: { timeZone } })).structuredContent);
    };
    await request('ui/initialize', {
      protocolVersion: '2026-01-26',
      appInfo: { name: 'clock', version: '1.0.0' },
      appCapabilities: {},
    });
    parent.postMessage({ jsonrpc: '2.0', method: 'ui/notifications/initialized' }, '*');
  </script>
</body></html>`;

function clock(timeZone: string) {
  const time = new Date().toLocaleTimeString('en-GB', { timeZone, hour12: false });
  // Text for the model (and for hosts without MCP Apps), structuredContent for the view.
  return { content: [text(`It is ${time} in ${timeZone}.`)], structuredContent: { timeZone, time } };
}

export class Clock {
  // The view: a ui:// resource served as text/html;profile=mcp-app, with its _meta.ui.
  @UiResource('ui://clock/view.html', {
    title: 'Clock',
    description: 'The time in a time zone, with a button that asks the server again',
    prefersBorder: true,
    csp: { connectDomains: ['https://worldtimeapi.org'] },
  })
  view(): string {
    return CLOCK_HTML;
  }

  // `ui` links the tool to its view: hosts with MCP Apps render the view with the result.
  @Tool({ name: 'clock', description: 'The current time in a time zone', ui: 'ui://clock/view.html' })
  now(@Args() input: TimeZoneInput) {
    return clock(input.timeZone);
  }

  // Only the view calls it: visibility ['app'] keeps it out of the model's tools.
  @Tool({
    name: 'clock_tick',
    description: 'Reads the clock again (the view calls it)',
    ui: 'ui://clock/view.html',
    visibility: ['app'],
  })
  tick(@Args() input: TimeZoneInput) {
    return clock(input.timeZone);
  }
}

export function createApp(): McpApp {
  return new McpApp({ name: 'clock', version: '1.0.0', providers: [Clock] });
}
