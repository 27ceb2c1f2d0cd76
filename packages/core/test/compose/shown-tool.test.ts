// Mounted tools keep their definition as the mounted server lists it; task support only when the app serves tasks.
import { describe, expect, it } from 'vitest';
import { shownTool } from '../../src/compose/composed-tools.js';

const tool = (execution?: Record<string, unknown>) => ({
  name: 'ev_x',
  inputSchema: { type: 'object' },
  ...(execution && { execution }),
});

describe('shownTool', () => {
  it('shows a mounted tool as it came when it says nothing of tasks or forbids them', () => {
    expect(shownTool(tool(), undefined, true)).toEqual(tool());
    expect(shownTool(tool({ taskSupport: 'forbidden' }), undefined, true)).toEqual(tool({ taskSupport: 'forbidden' }));
  });

  it('keeps a mounted tool’s task support when the app serves tasks', () => {
    for (const support of ['optional', 'required']) {
      expect(shownTool(tool({ taskSupport: support }), undefined, true, true)).toEqual(tool({ taskSupport: support }));
    }
  });

  it('declares task support forbidden for a mounted tool that offers tasks when the app serves none', () => {
    for (const support of ['optional', 'required']) {
      expect(shownTool(tool({ taskSupport: support }), undefined, true)).toEqual(tool({ taskSupport: 'forbidden' }));
    }
    // An own tool's declaration is the app's to make.
    expect(shownTool(tool({ taskSupport: 'optional' }), undefined, false)).toEqual(tool({ taskSupport: 'optional' }));
  });
});
