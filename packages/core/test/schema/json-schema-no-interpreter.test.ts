// Where code generation is forbidden and @cfworker/json-schema is not installed, a JSON Schema input stops the app
// at startup with an error naming the package — not a tool that accepts anything. The package's absence is
// simulated by a module factory that throws, as Node's resolver does for a missing package.
import { describe, expect, it, vi } from 'vitest';
import { AjvLoader, jsonSchemaValidator } from '../../src/schema/json-schema-validator.js';

vi.mock('@cfworker/json-schema', () => {
  throw new Error("Cannot find package '@cfworker/json-schema'");
});

describe('a JSON Schema input without code generation and without the interpreter', () => {
  it('is a startup error naming the package to add', async () => {
    const schema = { type: 'object', properties: { city: { type: 'string' } } };
    const check = jsonSchemaValidator(schema, 'Weather.forecast input', new AjvLoader({ generatesCode: false }));
    await expect(check.ready).rejects.toMatchObject({
      name: 'SchemaSourceError',
      message: expect.stringMatching(
        /^Weather\.forecast input: this runtime forbids generating code from strings .* @cfworker\/json-schema is not installed\. Add @cfworker\/json-schema \(4\.x\) to your dependencies/,
      ),
    });
  });
});
