// @Resource: data at a fixed URI that the client reads. Used by docs/resource.md.
import 'reflect-metadata';
import { McpApp, Resource } from '@decorum/core';

export class AppInfo {
  private readonly settings = { theme: 'dark', language: 'en' };

  // An object is sent as JSON text (mimeType application/json unless you set another).
  @Resource('config://app/settings', {
    name: 'settings',
    title: 'Application settings',
    description: 'The settings the app runs with',
    mimeType: 'application/json',
    annotations: { audience: ['assistant'], priority: 0.8 },
  })
  readSettings() {
    return this.settings;
  }

  // A string is sent as text, with the mimeType you declare.
  @Resource('docs://changelog', { name: 'changelog', mimeType: 'text/markdown' })
  changelog(): string {
    return '# Changelog\n\n- 1.0.0: first release\n';
  }

  // Bytes are sent base64-encoded as a blob.
  @Resource('assets://pixel.png', { name: 'pixel', mimeType: 'image/png', size: 4 })
  pixel(): Uint8Array {
    return new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  }
}

export function createApp(): McpApp {
  return new McpApp({ name: 'app-info', version: '1.0.0', providers: [AppInfo] });
}
