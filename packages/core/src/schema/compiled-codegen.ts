// The compiled fast path of DtoValidator, part 3: for a flat class (primitive properties, no nesting, no
// `@Field` defaults), one function generated at startup does what acceptCompiled does,
// with the property names written into the code. The interpreted path looks every key up in maps and
// walks rule lists per call; the generated one reads `input["city"]` directly, which V8 turns into a
// monomorphic property load. Same answers, same instance (keys in the input's order): anything else
// (a nested class, `@Field` defaults) keeps the interpreted path, and so does a process that bars code
// generation from strings. Rules run the constraints class-validator registered (never a predicate chosen by
// name), each from a call site of its own: one constraint class per site, which V8 can inline, where a shared
// loop over every rule's constraints is megamorphic (the stdio instructions row; docs/benchmarks.md).
import type { ClassPlan, Conversion, Rule } from './compiled-plan.js';
import { acceptCompiled, convert, verdict } from './compiled-run.js';

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
  const constraints: Rule['validators'] = [];
  const ruleConstraints: Rule['constraints'][] = [];
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
    // class-validator checks the values of a Set or Map (an initialiser's): left to the slow path, as in `passes`.
    lines.push(
      '    if (typeof v === "object" && v !== null && (v instanceof Set || v instanceof Map)) return undefined;',
    );
    for (const rule of p.rules) {
      // The arguments class-validator's executor hands a rule's constraints, made per call as it does: a young
      // object costs less than filling a long-lived one (a write barrier per field), and keeps nothing of the input.
      const k = ruleConstraints.push(rule.constraints) - 1;
      const a = `a${k}`;
      lines.push(
        `    const ${a} = { targetName, property: ${JSON.stringify(rule.property)}, object: instance, value: v, constraints: k${k} };`,
      );
      for (const constraint of rule.validators) {
        const c = `c${constraints.push(constraint) - 1}`;
        const test = (value: string) => `((r = ${c}.validate(${value}, ${a})) !== true && !verdict(r))`;
        if (rule.each)
          lines.push(
            `    if (Array.isArray(v)) { for (let k = 0; k < v.length; k++) if ${test('v[k]')} return undefined; }`,
            `    else if ${test('v')} return undefined;`,
          );
        else lines.push(`    if ${test('v')} return undefined;`);
      }
    }
    lines.push('  }');
    return ['{', ...lines, '}'].join('\n');
  });
  const name = Object.getOwnPropertyDescriptor(plan.dto, 'name');
  const named = name !== undefined && 'value' in name;
  const source = [
    // Each constraint and arguments object a constant of the factory: a call site sees one of each.
    ...constraints.map((_, k) => `const c${k} = constraints[${k}];`),
    ...ruleConstraints.map((_, k) => `const k${k} = ruleConstraints[${k}];`),
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
    // As class-validator's executor names the target in every constraint's arguments: a class's own `name`
    // (a data property, as every class has unless it defines a static getter) is read once, not per call.
    '    const ctor = instance.constructor;',
    `    const targetName = ctor === Dto && ${named} ? dtoName : ctor ? ctor.name : undefined;`,
    '    let r;',
    ...checks.map((c) => c.replace(/^/gm, '    ')),
    '    return instance;',
    '  } catch {',
    // A constraint that throws (or answers with a promise: `verdict`): the slow path decides.
    '    return undefined;',
    '  }',
    '};',
  ].join('\n');
  try {
    // Only property names (JSON-quoted) and indexes are written into the source.
    const make = new Function(
      'Dto',
      'dtoName',
      'convert',
      'verdict',
      'conditions',
      'constraints',
      'ruleConstraints',
      source,
    ) as (...values: unknown[]) => Accept;
    return make(plan.dto, name?.value, convert, verdict, conditions, constraints, ruleConstraints);
  } catch {
    // --disallow-code-generation-from-strings, or a CSP-like policy: the interpreted path is just as correct.
    return interpreted;
  }
}
