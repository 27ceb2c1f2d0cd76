// The fixed payloads the conformance suite looks for, shared by the tools, resources, prompts and
// the smoke test.

/** A 1×1 red PNG, base64. */
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

/** A minimal WAV file (a header and two bytes of silence), base64. */
export const WAV_BASE64 = 'UklGRiYAAABXQVZFZm10IBAAAAABAAEAQB8AAAB9AAACABAAZGF0YQIAAAA=';

/** Bytes of a base64 string. */
export function bytes(base64: string): Uint8Array {
  // atob, not Node's Buffer: the Workers build (worker.ts) runs where there is no Buffer.
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

/** Resolves after `ms`: the suite wants the log and progress notifications spread out in time. */
export function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Every SEP-1034 primitive with a default value. */
export const DEFAULTS_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'User name', default: 'John Doe' },
    age: { type: 'integer', description: 'User age', default: 30 },
    score: { type: 'number', description: 'User score', default: 95.5 },
    status: {
      type: 'string',
      description: 'User status',
      enum: ['active', 'inactive', 'pending'],
      default: 'active',
    },
    verified: { type: 'boolean', description: 'Verification status', default: true },
  },
  required: [],
};

/** The five SEP-1330 enum shapes. */
export const ENUMS_SCHEMA = {
  type: 'object',
  properties: {
    untitledSingle: { type: 'string', description: 'Select one option', enum: ['option1', 'option2', 'option3'] },
    titledSingle: {
      type: 'string',
      description: 'Select one option with titles',
      oneOf: [
        { const: 'value1', title: 'First Option' },
        { const: 'value2', title: 'Second Option' },
        { const: 'value3', title: 'Third Option' },
      ],
    },
    legacyEnum: {
      type: 'string',
      description: 'Select one option (legacy)',
      enum: ['opt1', 'opt2', 'opt3'],
      enumNames: ['Option One', 'Option Two', 'Option Three'],
    },
    untitledMulti: {
      type: 'array',
      description: 'Select multiple options',
      minItems: 1,
      maxItems: 3,
      items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
    },
    titledMulti: {
      type: 'array',
      description: 'Select multiple options with titles',
      minItems: 1,
      maxItems: 3,
      items: {
        anyOf: [
          { const: 'value1', title: 'First Choice' },
          { const: 'value2', title: 'Second Choice' },
          { const: 'value3', title: 'Third Choice' },
        ],
      },
    },
  },
  required: [],
};

/** A flat elicitation schema of required string (or boolean) properties. */
export function ask(properties: Record<string, 'string' | 'boolean'>): Record<string, unknown> {
  return {
    type: 'object',
    properties: Object.fromEntries(Object.entries(properties).map(([name, type]) => [name, { type }])),
    required: Object.keys(properties),
  };
}

/** The text of a sampling answer (`{ content: { type: 'text', text } }`), or a fallback. */
export function sampledText(reply: Record<string, unknown>, fallback = 'no response'): string {
  const content = reply.content as { type?: string; text?: unknown } | undefined;
  return content?.type === 'text' && typeof content.text === 'string' ? content.text : fallback;
}
