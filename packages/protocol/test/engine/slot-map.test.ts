// SlotMap against Map: any sequence of set/delete/clear leaves the same entries in the same order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SlotMap } from '../../src/engine/slot-map.js';

type Op = { op: 'set'; key: number | string; value: number } | { op: 'delete'; key: number | string } | { op: 'clear' };

const key = fc.oneof(fc.integer({ min: 0, max: 4 }), fc.constantFrom('a', 'b', Number.NaN));
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ op: fc.constant('set' as const), key, value: fc.integer() }) },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('delete' as const), key }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('clear' as const) }) },
);

describe('SlotMap', () => {
  it('behaves as a Map for every sequence of set, delete and clear (keys compared as SameValueZero)', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        const map = new Map<number | string, number>();
        const slots = new SlotMap<number | string, number>();
        for (const step of ops) {
          if (step.op === 'set') {
            map.set(step.key, step.value);
            slots.set(step.key, step.value);
          } else if (step.op === 'delete') {
            expect(slots.delete(step.key)).toBe(map.delete(step.key));
          } else {
            map.clear();
            slots.clear();
          }
          expect(slots.size).toBe(map.size);
          expect(slots.keys()).toEqual([...map.keys()]);
          expect(slots.values()).toEqual([...map.values()]);
          for (const probe of [0, 1, 2, 3, 4, 'a', 'b', Number.NaN]) {
            expect(slots.has(probe)).toBe(map.has(probe));
            expect(slots.get(probe)).toBe(map.get(probe));
          }
        }
      }),
      { seed: 20261201, numRuns: 500 },
    );
  });

  it('keeps a lone entry in its slot: no Map is made for one request at a time', () => {
    const slots = new SlotMap<string, number>();
    for (let i = 0; i < 100; i++) {
      slots.set(`r${i}`, i);
      expect(slots.get(`r${i}`)).toBe(i);
      slots.delete(`r${i}`);
    }
    expect((slots as unknown as { rest?: Map<string, number> }).rest).toBeUndefined();
  });
});
