// Startup errors of MCP Apps declarations: each names the member and the fix, and a failing build
// leaves nothing half-served.
import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { McpApp, Resource, Tool, UiDeclarationError, UiResource, type UiResourceOptions } from '../../src/index.js';

function appWith(view: { uri: string; options?: UiResourceOptions } | undefined, tool: Record<string, unknown>) {
  class Views {
    @Tool({ description: 'Shows the view', ...tool })
    show() {
      return 'shown';
    }
  }
  if (view !== undefined) {
    const decorate = UiResource(view.uri, view.options);
    const descriptor = { value: () => '<html></html>', writable: true, configurable: true };
    Object.defineProperty(Views.prototype, 'html', descriptor);
    decorate(Views.prototype, 'html', descriptor);
  }
  return () => new McpApp({ name: 'ui', version: '1.0.0', providers: [Views] });
}

function startupError(make: () => unknown): UiDeclarationError {
  try {
    make();
  } catch (error) {
    expect(error).toBeInstanceOf(UiDeclarationError);
    return error as UiDeclarationError;
  }
  throw new Error('expected a UiDeclarationError');
}

describe('MCP Apps startup errors', () => {
  it('a tool showing a ui:// view nobody declares names the URI and how to declare it', () => {
    const error = startupError(appWith(undefined, { ui: 'ui://dash/app.html' }));
    expect(error.code).toBe('ui-declaration');
    expect(error.message).toContain('Views.show');
    expect(error.message).toContain("@UiResource('ui://dash/app.html')");
  });

  it('a typo in the view URI lists the views that exist', () => {
    const error = startupError(appWith({ uri: 'ui://dash/app.html' }, { ui: 'ui://dash/ap.html' }));
    expect(error.message).toMatch(
      /ui:\/\/dash\/ap\.html, which no @UiResource declares; .*use one of: ui:\/\/dash\/app\.html/,
    );
  });

  it('a tool ui that is not a ui:// URI says so', () => {
    const error = startupError(appWith({ uri: 'ui://dash/app.html' }, { ui: 'https://example.com/app.html' }));
    expect(error.message).toContain('a view is a ui:// resource');
  });

  it('a @UiResource outside the ui:// scheme suggests the ui:// URI', () => {
    const error = startupError(appWith({ uri: 'app://dash/app.html' }, {}));
    expect(error.message).toContain("use 'ui://dash/app.html'");
  });

  it.each([
    ['https://api.example.com/v1', 'Use the origin only: "https://api.example.com"'],
    ['api.example.com', 'scheme://host[:port]'],
    ["'unsafe-inline'", 'scheme://host[:port]'],
    ['https://a.com https://b.com', 'is not an origin'],
    ['ftp://files.example.com', 'is not an origin'],
  ])('an invalid CSP entry %s is named with the fix', (entry, fix) => {
    const error = startupError(
      appWith(
        { uri: 'ui://dash/app.html', options: { csp: { connectDomains: [entry] } } },
        { ui: 'ui://dash/app.html' },
      ),
    );
    expect(error.message).toContain(`csp.connectDomains entry ${JSON.stringify(entry)}`);
    expect(error.message).toContain(fix);
  });

  it('valid CSP origins pass: wildcard subdomains, ports, websockets, IPv6', () => {
    const make = appWith(
      {
        uri: 'ui://dash/app.html',
        options: {
          csp: {
            connectDomains: ['https://api.example.com', 'wss://rt.example.com:8443', 'http://[::1]:3000'],
            resourceDomains: ['https://*.cdn.example.com', 'http://localhost:5173'],
          },
        },
      },
      { ui: 'ui://dash/app.html' },
    );
    expect(() => make()).not.toThrow();
  });

  it('an unknown CSP key, permission or visibility is named', () => {
    const csp = { connectDomain: ['https://a.com'] } as never;
    expect(startupError(appWith({ uri: 'ui://d/a.html', options: { csp } }, {})).message).toContain(
      'unknown CSP key "connectDomain"',
    );
    const permissions = ['camera', 'usb'] as never;
    expect(startupError(appWith({ uri: 'ui://d/a.html', options: { permissions } }, {})).message).toContain(
      'unknown permission "usb"',
    );
    expect(startupError(appWith(undefined, { visibility: ['agent'] })).message).toContain(`(got "agent")`);
    expect(startupError(appWith(undefined, { visibility: [] })).message).toContain("'model' and/or 'app'");
  });

  it('a plain @Resource on a ui:// URI is not a view: the tool pointing at it is told to use @UiResource', () => {
    class Plain {
      @Resource('ui://plain/app.html', { mimeType: 'text/html' })
      html() {
        return '<html></html>';
      }

      @Tool({ description: 'Shows it', ui: 'ui://plain/app.html' })
      show() {
        return 'shown';
      }
    }
    const error = startupError(() => new McpApp({ name: 'ui', version: '1.0.0', providers: [Plain] }));
    expect(error.message).toContain("@UiResource('ui://plain/app.html')");
  });

  it('an app without views advertises no extension and changes no listing', () => {
    class NoUi {
      @Tool({ description: 'Plain' })
      plain() {
        return 'plain';
      }
    }
    const app = new McpApp({ name: 'plain', version: '1.0.0', providers: [NoUi] });
    expect(app.server.capabilities('2025-11-25').extensions).toBeUndefined();
    expect(app.server.capabilities('2026-07-28').extensions).toBeUndefined();
  });
});
