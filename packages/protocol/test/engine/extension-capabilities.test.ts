// Extensions (SEP-2133) a server advertises through setExtension: in every revision's capabilities
// (legacy initialize and 2026-07-28 server/discover), alongside what the providers imply, and removable.
import { describe, expect, it } from 'vitest';
import { ProtocolServer, SUPPORTED_PROTOCOL_VERSIONS } from '../../src/index.js';

describe('ProtocolServer.setExtension', () => {
  it('advertises nothing until an extension is set, then the settings as given in every revision', () => {
    const server = new ProtocolServer({ serverInfo: { name: 'x', version: '1' }, logging: false });
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) expect(server.capabilities(version).extensions).toBeUndefined();
    server.setExtension('io.modelcontextprotocol/ui', {});
    server.setExtension('com.example/other', { level: 2 });
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
      expect(server.capabilities(version).extensions, version).toEqual({
        'io.modelcontextprotocol/ui': {},
        'com.example/other': { level: 2 },
      });
    }
  });

  it('replaces settings, and undefined removes the extension (the last one removes the field)', () => {
    const server = new ProtocolServer({ serverInfo: { name: 'x', version: '1' } });
    server.setExtension('io.modelcontextprotocol/ui', {});
    server.setExtension('io.modelcontextprotocol/ui', { v: 1 });
    expect(server.capabilities('2025-11-25').extensions).toEqual({ 'io.modelcontextprotocol/ui': { v: 1 } });
    server.setExtension('io.modelcontextprotocol/ui', undefined);
    expect(server.capabilities('2025-11-25').extensions).toBeUndefined();
    expect('extensions' in server.capabilities('2026-07-28')).toBe(false);
  });
});
