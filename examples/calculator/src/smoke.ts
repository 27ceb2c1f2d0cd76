// `npm run smoke`: drives the calculator server with the official MCP client, over stdio (a child
// process) and over Streamable HTTP (in this process), and fails on any wrong answer.
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { createCalculatorApp } from './server.js';

/** π/2 and π to the 12 significant digits results are rounded to. */
const HALF_PI = Number((Math.PI / 2).toPrecision(12));
const PI = Number(Math.PI.toPrecision(12));

/** Expressions and their values: [expression, angle unit, expected result]. */
export const VALUES: [string, 'rad' | 'deg', number][] = [
  ['2 + 3 * 4', 'rad', 14],
  ['(2 + 3) * 4', 'rad', 20],
  ['2 ^ 3 ^ 2', 'rad', 512],
  ['-2 ^ 2', 'rad', -4],
  ['2 ^ -1', 'rad', 0.5],
  ['-(3 - 5) * -1', 'rad', -2],
  ['17 % 5', 'rad', 2],
  ['0.1 + 0.2', 'rad', 0.3],
  ['1.5e3 / 3', 'rad', 500],
  ['sin(30)', 'deg', 0.5],
  ['sin(pi)', 'rad', 0],
  ['cos(pi / 3)', 'rad', 0.5],
  ['tan(45)', 'deg', 1],
  ['asin(1)', 'deg', 90],
  ['acos(0)', 'rad', HALF_PI],
  ['atan(1) * 4', 'rad', PI],
  ['sqrt(16) + abs(-3)', 'rad', 7],
  ['ln(e ^ 2)', 'rad', 2],
  ['log10(1000)', 'rad', 3],
  ['exp(0) + PI - pi', 'rad', 1],
];

/** Expressions the tool refuses: [expression, angle unit, the start of its isError text]. */
export const ERRORS: [string, 'rad' | 'deg', string][] = [
  ['1 / (2 - 2)', 'rad', 'Cannot evaluate: Division by zero at position 3: 1 / 0\n  1 / (2 - 2)\n    ^'],
  ['5 % 0', 'rad', 'Cannot evaluate: Division by zero at position 3'],
  ['0 ^ -1', 'rad', 'Cannot evaluate: Division by zero at position 3'],
  ['sqrt(-4)', 'rad', 'Cannot evaluate: Domain error at position 1: sqrt(-4) is undefined'],
  ['2 * ln(0)', 'rad', 'Cannot evaluate: Domain error at position 5: ln(0) is undefined'],
  ['asin(2)', 'deg', 'Cannot evaluate: Domain error at position 1: asin(2) is undefined'],
  ['tan(90)', 'deg', 'Cannot evaluate: Domain error at position 1: tan(90) is undefined'],
  ['(-8) ^ (1 / 3)', 'rad', 'Cannot evaluate: Domain error at position 6: (-8) ^ 0.333333333333 is not a real number'],
  ['10 ^ 400', 'rad', 'Cannot evaluate: Overflow at position 4'],
  [
    '2 * (3 + )',
    'rad',
    "Syntax error: At position 10: expected a number, a constant, a function or (, found ')'\n  2 * (3 + )\n           ^",
  ],
  ['(1 + 2', 'rad', "Syntax error: At position 7: expected ')' to close the '(' at position 1, found the end"],
  ['2 3', 'rad', "Syntax error: At position 3: expected an operator or the end of the expression, found '3'"],
  ['sin 30', 'rad', "Syntax error: At position 5: expected '(' after sin, found '30'"],
  ['foo(2)', 'rad', "Syntax error: Unknown name 'foo' at position 1; functions: sin, cos"],
  ['3 # 4', 'rad', "Syntax error: Unexpected character '#' at position 3"],
];

const textOf = (result: unknown): string => {
  const blocks = (result as { content: { type: string; text?: string }[] }).content;
  assert.equal(blocks[0]?.type, 'text');
  return blocks[0]?.text ?? '';
};

/** Every check of the smoke test, against a connected client. */
export async function checkCalculator(client: Client): Promise<void> {
  const tools = (await client.listTools()).tools;
  assert.deepEqual(
    tools.map((t) => t.name),
    ['calculator_arithmetic'],
  );
  const schema = tools[0]?.inputSchema as { properties: Record<string, Record<string, unknown>>; required: string[] };
  assert.deepEqual(schema.required, ['expression']);
  assert.deepEqual(schema.properties.angleUnit?.enum, ['rad', 'deg']);
  assert.equal(schema.properties.angleUnit?.default, 'rad');

  const calculate = (expression: string, angleUnit: 'rad' | 'deg') =>
    client.callTool({ name: 'calculator_arithmetic', arguments: { expression, angleUnit } });
  for (const [expression, unit, expected] of VALUES) {
    const result = await calculate(expression, unit);
    assert.equal(result.isError, undefined, `${expression} failed: ${textOf(result)}`);
    assert.equal(textOf(result), `${expression} = ${expected}`);
    assert.deepEqual(result.structuredContent, { expression, result: expected, angleUnit: unit });
  }
  for (const [expression, unit, message] of ERRORS) {
    const result = await calculate(expression, unit);
    assert.equal(result.isError, true, `${expression} should fail`);
    assert.ok(textOf(result).startsWith(message), `${expression}: got ${JSON.stringify(textOf(result))}`);
  }
  // The angle unit defaults to radians; arguments are validated before anything is parsed.
  const defaults = await client.callTool({ name: 'calculator_arithmetic', arguments: { expression: 'cos(0)' } });
  assert.equal(textOf(defaults), 'cos(0) = 1');
  const invalid = await client.callTool({
    name: 'calculator_arithmetic',
    arguments: { expression: '1', angleUnit: 'grad' },
  });
  assert.equal(invalid.isError, true);
  assert.match(textOf(invalid), /^Invalid arguments for tool "calculator_arithmetic":\nangleUnit must be one of/);
}

async function smoke(label: string, transport: Transport): Promise<void> {
  const client = new Client({ name: 'calculator-smoke', version: '1.0.0' });
  const started = performance.now();
  await client.connect(transport);
  try {
    await checkCalculator(client);
  } finally {
    await client.close();
  }
  console.log(`${label}: all checks passed in ${Math.round(performance.now() - started)} ms`);
}

// Run when executed as a program (vitest imports checkCalculator instead).
if (import.meta.url === new URL(process.argv[1] ?? '', 'file://').href) {
  await smoke(
    'stdio',
    new StdioClientTransport({
      command: process.execPath,
      args: [
        '--conditions=@decorum/source',
        '--import',
        '@decorum/cli/register',
        new URL('./server.ts', import.meta.url).pathname,
        '--stdio',
      ],
      stderr: 'inherit',
    }),
  );
  const app = createCalculatorApp();
  const { url } = await app.listen({ http: { port: 0 } });
  try {
    await smoke(`http ${url}`, new StreamableHTTPClientTransport(new URL(String(url))));
  } finally {
    await app.close();
  }
}
