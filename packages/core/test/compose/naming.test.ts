// How mounted names and URIs are shown and read back, with and without a prefix.
import { describe, expect, it } from 'vitest';
import { MountNaming } from '../../src/compose/naming.js';

describe('mount naming', () => {
  const gh = new MountNaming('gh');

  it('prefixes names and reads them back, refusing names of other mounts', () => {
    expect(gh.name('search')).toBe('gh_search');
    expect(gh.unname('gh_search')).toBe('search');
    expect(gh.unname('gh_')).toBeUndefined();
    expect(gh.unname('ghx_search')).toBeUndefined();
    expect(gh.unname('search')).toBeUndefined();
  });

  it('puts the prefix first in the path of a URI, so templates stay templates', () => {
    expect(gh.uri('demo://resource/1')).toBe('demo://gh/resource/1');
    expect(gh.uri('demo://resource/{id}')).toBe('demo://gh/resource/{id}');
    expect(gh.unuri('demo://gh/resource/1')).toBe('demo://resource/1');
    expect(gh.unuri('demo://other/resource/1')).toBeUndefined();
    expect(gh.uri('urn:isbn:1')).toBe('gh+urn:isbn:1');
    expect(gh.unuri('gh+urn:isbn:1')).toBe('urn:isbn:1');
  });

  it('keeps names and URIs as they are with the empty prefix (a proxy)', () => {
    const none = new MountNaming('');
    expect(none.none).toBe(true);
    expect(none.name('search')).toBe('search');
    expect(none.unname('search')).toBe('search');
    expect(none.uri('demo://r/1')).toBe('demo://r/1');
    expect(none.unuri('demo://r/1')).toBe('demo://r/1');
  });
});
