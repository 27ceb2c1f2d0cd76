// The input of json_schema_2020_12_tool, written with zod 4: what the conformance suite's json-schema-2020-12
// scenario expects listed ($schema, $defs with an $anchor, root allOf/anyOf and if/then/else, additionalProperties),
// and the same rules checked on every call.
import * as z from 'zod';

/** The contact's postal address: `$defs.address` in the listed schema (its `id`), with the anchor the suite checks. */
const address = z
  .object({ street: z.string().optional(), city: z.string().optional() })
  .meta({ id: 'address', $anchor: 'addressDef' });

/** An object with keys: what JSON Schema's `required` applies to (it passes any other value). */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The rules JSON Schema states at the root with `allOf`/`anyOf` and `if`/`then`/`else`, as messages naming the
 * field that is missing: a phone when contactMethod is "phone", else an email (so always one of the two).
 */
function contactRules(input: { contactMethod?: string; phone?: string; email?: string }, ctx: z.RefinementCtx) {
  if (input.phone === undefined && input.email === undefined) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'phone is required when there is no email' });
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'email is required when there is no phone' });
  } else if (input.contactMethod === 'phone' && input.phone === undefined) {
    ctx.addIssue({ code: 'custom', path: ['phone'], message: 'phone is required when contactMethod is "phone"' });
  } else if (input.contactMethod !== 'phone' && input.email === undefined) {
    ctx.addIssue({ code: 'custom', path: ['email'], message: 'email is required unless contactMethod is "phone"' });
  }
}

/**
 * The input of `json_schema_2020_12_tool` as zod 4 (SEP-1613, SEP-2106). zod lists a schema registered with an `id`
 * under `$defs` and refers to it with `$ref`, puts `.meta()` keys into its JSON Schema as written, and says
 * `additionalProperties: false` for a strictObject. A refinement is checked but not listed, so the rules it checks are
 * listed through `.meta()` in JSON Schema's own words (`allOf`/`anyOf`, `if`/`then`/`else`): the listing and the check
 * say the same rules twice, and test/contact-schema.test.ts holds them to the plain JSON Schema of the same tool.
 */
export const CONTACT_INPUT = z
  .strictObject({
    name: z.string().optional(),
    address: address.optional(),
    contactMethod: z.enum(['phone', 'email']).optional(),
    phone: z.string().optional(),
    email: z.string().optional(),
  })
  .meta({
    allOf: [{ anyOf: [{ required: ['phone'] }, { required: ['email'] }] }],
    if: { properties: { contactMethod: { const: 'phone' } }, required: ['contactMethod'] },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's conditional keyword, not a thenable
    then: { required: ['phone'] },
    else: { required: ['email'] },
  })
  // `when`: checked even after a field's type is wrong, as JSON Schema checks every keyword; the rules read only
  // whether phone and email are present and whether contactMethod is "phone", which any object can answer.
  .superRefine(contactRules, { when: ({ value }) => isRecord(value) });
