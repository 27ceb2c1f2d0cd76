// @cfworker/json-schema reports findings depth-first in its own keyword order; Ajv also goes depth-first, but
// checks a schema's keywords in its rule order (type first, then keywords for any type, numbers, strings, arrays,
// objects) and reports a combinator (anyOf, oneOf) after the findings of its branches. Issues are listed in the
// order the findings come in, so the interpreter's findings are put in Ajv's order for the same list on every runtime.

/** What the interpreter reports per failed keyword (the fields this ordering reads). */
export interface Finding {
  keyword: string;
  keywordLocation: string;
}

/** Ajv 8's rule order: its rule groups, and within each the order its vocabularies add keywords. */
const AJV_ORDER = [
  'type',
  '$ref',
  '$recursiveRef',
  '$dynamicRef',
  'const',
  'enum',
  'not',
  'anyOf',
  'oneOf',
  'allOf',
  'if',
  'then',
  'else',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'multipleOf',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'maxItems',
  'minItems',
  'uniqueItems',
  'prefixItems',
  'additionalItems',
  'items',
  'contains',
  'maxProperties',
  'minProperties',
  'required',
  'dependentRequired',
  'propertyNames',
  'additionalProperties',
  // The boolean `false` schema an unknown property meets follows its additionalProperties finding.
  'false',
  'dependencies',
  'dependentSchemas',
  'properties',
  'patternProperties',
  'unevaluatedItems',
  'unevaluatedProperties',
];
const RANK = new Map(AJV_ORDER.map((keyword, index) => [keyword, index]));

/** Combinators Ajv reports after their branches' findings. */
const AFTER_BRANCHES = new Set(['anyOf', 'oneOf']);

/** `findings` in the order Ajv would report them. */
export function inAjvOrder<T extends Finding>(findings: readonly T[]): T[] {
  // A block is a finding and the findings under its keyword (whose location continues its location).
  const blocks: { head: T; below: T[] }[] = [];
  for (const finding of findings) {
    const open = blocks.at(-1);
    if (open !== undefined && finding.keywordLocation.startsWith(`${open.head.keywordLocation}/`)) {
      open.below.push(finding);
    } else {
      blocks.push({ head: finding, below: [] });
    }
  }
  const rank = (keyword: string) => RANK.get(keyword) ?? AJV_ORDER.length;
  // Array sort is stable: findings of one keyword keep their order (properties in schema order).
  blocks.sort((a, b) => rank(a.head.keyword) - rank(b.head.keyword));
  return blocks.flatMap(({ head, below }) => {
    const ordered = inAjvOrder(below);
    return AFTER_BRANCHES.has(head.keyword) ? [...ordered, head] : [head, ...ordered];
  });
}
