// Frames a hostile or broken client might send, as fast-check arbitraries. Well-formed requests carry a
// tracked id (`f<n>`), so a run can check that each of them got exactly one answer; everything else
// (garbage, notifications, malformed envelopes, batches) only has to leave the server standing.
import fc from 'fast-check';

export const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261201);

const MODERN_META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'fuzz', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

const TOOLS = [
  'test_simple_text',
  'test_image_content',
  'test_embedded_resource',
  'test_multiple_content_types',
  'test_tool_with_logging',
  'test_error_handling',
  'json_schema_2020_12_tool',
  'test_x_mcp_header',
  'test_sampling',
  'test_elicitation',
  'test_missing_capability',
  'test_input_required_result_elicitation',
  'test_input_required_result_multi_round',
  'test_input_required_result_tampered_state',
];
const URIS = ['test://static-text', 'test://static-binary', 'test://template/7/data', 'test://template//data'];
const PROMPTS = ['test_simple_prompt', 'test_prompt_with_arguments', 'test_prompt_with_image', 'nope'];

/** Values chosen to trip parsers and validators: prototype keys, deep nesting, odd numbers, long strings. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.constantFrom(null, -0, 1e308, -1, 0.5, '', '\u0000', '\uD800', 'x'.repeat(70_000), [], {}),
  fc.integer({ min: 1, max: 300 }).map((depth) => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`)),
  fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}')),
);

const hostileObject = fc.dictionary(
  fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'prototype', 'name', 'text')),
  hostileValue,
  { maxKeys: 5 },
);

/** params for a method: mostly plausible, sometimes anything at all. */
function paramsFor(method: string): fc.Arbitrary<unknown> {
  const plausible: Record<string, fc.Arbitrary<unknown>> = {
    'tools/call': fc.record({
      name: fc.oneof(fc.constantFrom(...TOOLS), fc.string({ maxLength: 20 })),
      arguments: fc.oneof(hostileObject, hostileValue),
    }),
    'resources/read': fc.record({ uri: fc.oneof(fc.constantFrom(...URIS), fc.string({ maxLength: 40 })) }),
    'resources/subscribe': fc.record({ uri: fc.oneof(fc.constantFrom(...URIS), fc.string({ maxLength: 40 })) }),
    'prompts/get': fc.record({ name: fc.constantFrom(...PROMPTS), arguments: fc.oneof(hostileObject, hostileValue) }),
    'completion/complete': fc.record({
      ref: fc.oneof(
        fc.record({ type: fc.constant('ref/prompt'), name: fc.constantFrom(...PROMPTS) }),
        fc.record({ type: fc.constant('ref/resource'), uri: fc.constantFrom(...URIS) }),
        hostileValue,
      ),
      argument: fc.oneof(
        fc.record({ name: fc.string({ maxLength: 8 }), value: fc.string({ maxLength: 8 }) }),
        hostileValue,
      ),
    }),
    'logging/setLevel': fc.record({ level: fc.oneof(fc.constantFrom('debug', 'error', 'emergency'), hostileValue) }),
    'tools/list': fc.oneof(
      fc.constant({}),
      fc.record({ cursor: fc.oneof(fc.string({ maxLength: 30 }), hostileValue) }),
    ),
  };
  const base = Object.hasOwn(plausible, method) ? plausible[method] : fc.oneof(fc.constant({}), hostileObject);
  return fc.oneof({ weight: 5, arbitrary: base }, { weight: 1, arbitrary: hostileValue });
}

const METHODS = [
  'ping',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/read',
  'resources/templates/list',
  'resources/subscribe',
  'resources/unsubscribe',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'logging/setLevel',
  'server/discover',
  'initialize',
  'nope/nothing',
  '__proto__',
  'constructor',
  'rpc.discover',
];

export type Frame =
  | { kind: 'request'; id: string; text: string; modern: boolean; method: string }
  | { kind: 'other'; text: string };

/** A well-formed request (legacy or with the modern envelope), its id filled in by `numbered`. */
const request = fc
  .tuple(fc.constantFrom(...METHODS), fc.boolean(), fc.integer({ min: 0, max: 4 }))
  .chain(([method, modern, extra]) =>
    paramsFor(method).map((params) => {
      const withMeta =
        modern && params !== null && typeof params === 'object' && !Array.isArray(params)
          ? { ...params, _meta: MODERN_META }
          : params;
      return { method, modern, params: extra === 0 ? undefined : withMeta };
    }),
  );

const garbage = fc.oneof(
  fc.string({ maxLength: 200 }).map((s) => s.replace(/\n/g, ' ')),
  fc.constantFrom('{', '[]', '[1,2]', 'null', '"str"', '{"jsonrpc":"2.0"}', '{"jsonrpc":"1.0","id":1,"method":"ping"}'),
  fc
    .record({ jsonrpc: fc.constantFrom('2.0', 2, null), id: hostileValue, method: hostileValue, params: hostileValue })
    .map((m) => JSON.stringify(m)),
  fc
    .array(fc.record({ jsonrpc: fc.constant('2.0'), id: fc.nat(), method: fc.constantFrom('ping', 'tools/list') }), {
      maxLength: 3,
    })
    .map((b) => JSON.stringify(b)),
  fc
    .record({
      jsonrpc: fc.constant('2.0'),
      method: fc.constantFrom(
        'notifications/cancelled',
        'notifications/progress',
        'notifications/roots/list_changed',
        'notifications/nope',
      ),
      params: hostileObject,
    })
    .map((m) => JSON.stringify(m)),
);

const raw = fc.oneof(
  { weight: 3, arbitrary: request.map((r) => ({ kind: 'request' as const, ...r })) },
  { weight: 2, arbitrary: garbage.map((text) => ({ kind: 'other' as const, text })) },
);

/** `count` frames from a fixed seed; request ids are numbered so answers can be counted per id. */
export function sampleFrames(count: number, seed = FUZZ_SEED): Frame[] {
  return fc.sample(raw, { seed, numRuns: count }).map((frame, n): Frame => {
    if (frame.kind === 'other') return frame;
    const id = `f${n}`;
    const message = {
      jsonrpc: '2.0',
      id,
      method: frame.method,
      ...(frame.params === undefined ? {} : { params: frame.params }),
    };
    return { kind: 'request', id, text: JSON.stringify(message), modern: frame.modern, method: frame.method };
  });
}

/** A stack trace or a source location leaking to a client. */
export const LEAK = /\n\s+at |\.(?:ts|js|mjs):\d+:\d+|node_modules/;
