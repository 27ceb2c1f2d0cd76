// The compiled fast path of DtoValidator, part 3: for a flat class (primitive properties, no nesting, no
// `@Field` defaults), one function generated at startup does what acceptCompiled does,
// with the property names written into the code. The interpreted path looks every key up in maps and
// walks rule lists per call; the generated one reads `input["city"]` directly, which V8 turns into a
// monomorphic property load. Same answers, same instance (keys in the input's order): anything else
// (a nested class, `@Field` defaults) keeps the interpreted path, and so does a process that bars code
// generation from strings. Rules run through the interpreter's own `passes`: the registered constraints.
import type { ClassPlan, Conversion, Rule } from './compiled-plan.js';
import { acceptCompiled, convert, passes } from './compiled-run.js';

/** A compiled accept: the instance `input` validates to, or undefined (then the slow path decides). */
export type Accept = (input: object) => object | undefined;

const PRIMITIVE: ReadonlySet<Conversion> = new Set<Conversion>(['copy', 'string', 'number', 'boolean']);

/** Whether the generated function can reproduce acceptCompiled for `plan` exactly. */
function isFlat(plan: ClassPlan): boolean {
  if (plan.failed || !plan.validatable || plan.defaults.length > 0) return false;
  return plan.properties.every(
    (p) => typeof p.conversion === 'string' && PRIMITIVE.has(p.conversion) && p.nested === undefined,
  );
}

/** A JSON primitive converted as class-transformer would (what `convert` does for these). */
function primitive(conversion: Conversion, value: string): string {
  if (conversion === 'string') return `String(${value})`;
  if (conversion === 'number') return `Number(${value})`;
  if (conversion === 'boolean') return `Boolean(${value})`;
  return value;
}

/**
 * The accept function of `plan`: generated for a flat class, else the interpreted acceptCompiled.
 * @example const accept = compileAccept(plan); const instance = accept({ city: 'Paris', days: 3 });
 */
export function compileAccept(plan: ClassPlan): Accept {
  const interpreted: Accept = (input) => acceptCompiled(plan, input);
  if (!isFlat(plan)) return interpreted;
  const conditions: ((object: object, value: unknown) => boolean)[] = [];
  const rules: Rule[] = [];
  const names = plan.properties.map((p) => JSON.stringify(p.name));
  const cases = plan.properties.map((p, i) => {
    const name = names[i] as string;
    // class-transformer skips a key its prototype has (a getter, a method): such input is left to the slow path.
    if (plan.prototypeKeys.has(p.name)) return `case ${name}: return undefined;`;
    return [
      `case ${name}: {`,
      `  if (typeof instance[${name}] === "function") return undefined;`,
      `  const v = input[${name}];`,
      // class-transformer keeps an explicit undefined key (its initial value, when it has one).
      `  if (v === undefined) { instance[${name}] = instance[${name}]; break; }`,
      '  const t = typeof v;',
      `  instance[${name}] = t === "string" || t === "number" || t === "boolean" ? ${primitive(p.conversion, 'v')} : convert(v, ${JSON.stringify(p.conversion)}, 1);`,
      '  break;',
      '}',
    ].join('\n');
  });
  const checks = plan.properties.map((p, i) => {
    const lines = [`  const v = instance[${names[i]}];`];
    if (p.rules.length === 0) return ['{', ...lines, '}'].join('\n');
    // Every condition runs, as in the interpreted check; the rules only when all of them held.
    lines.push('  let proceed = true;');
    for (const condition of p.conditions) {
      lines.push(`  proceed = conditions[${conditions.push(condition) - 1}](instance, v) && proceed;`);
    }
    lines.push('  if (proceed) {');
    for (const rule of p.rules)
      lines.push(`    if (!passes(rules[${rules.push(rule) - 1}], instance, v)) return undefined;`);
    lines.push('  }');
    return ['{', ...lines, '}'].join('\n');
  });
  const source = [
    'return function accept(input) {',
    '  try {',
    '    const instance = new Dto();',
    '    const keys = Object.keys(input);',
    '    for (let i = 0; i < keys.length; i++) {',
    '      switch (keys[i]) {',
    ...cases.map((c) => c.replace(/^/gm, '        ')),
    '        default: return undefined;',
    '      }',
    '    }',
    // The whitelist: the constructor may have set keys of its own.
    '    const own = Object.keys(instance);',
    '    for (let i = 0; i < own.length; i++) {',
    `      switch (own[i]) { ${names.map((n) => `case ${n}:`).join(' ')} break; default: return undefined; }`,
    '    }',
    ...checks.map((c) => c.replace(/^/gm, '    ')),
    '    return instance;',
    '  } catch {',
    '    return undefined;',
    '  }',
    '};',
  ].join('\n');
  try {
    // Only property names (JSON-quoted) and indexes are written into the source.
    const make = new Function('Dto', 'convert', 'passes', 'conditions', 'rules', source) as (
      ...args: unknown[]
    ) => Accept;
    return make(plan.dto, convert, passes, conditions, rules);
  } catch {
    // --disallow-code-generation-from-strings, or a CSP-like policy: the interpreted path is just as correct.
    return interpreted;
  }
}
