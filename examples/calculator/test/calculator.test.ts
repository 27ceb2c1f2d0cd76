import type { McpApp } from '@decorum/core';
import { createTestClient, ERAS } from '@decorum/testing';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { afterAll, describe, expect, it } from 'vitest';
import { evaluate } from '../src/evaluate.js';
import { CalculationError, parse } from '../src/parser.js';
import { createCalculatorApp } from '../src/server.js';
import { checkCalculator, ERRORS, VALUES } from '../src/smoke.js';

// The smoke checks, written once and run over each transport.
const apps: McpApp[] = [];
const transports: Record<string, () => Promise<Transport>> = {
  stdio: async () =>
    new StdioClientTransport({
      command: process.execPath,
      args: ['--conditions=@decorum/source', '--import', '@decorum/cli/register', 'src/server.ts', '--stdio'],
      cwd: new URL('..', import.meta.url).pathname,
    }),
  'streamable HTTP': async () => {
    const app = createCalculatorApp();
    apps.push(app);
    const { url } = await app.listen({ http: { port: 0 } });
    return new StreamableHTTPClientTransport(new URL(String(url)));
  },
};

afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

describe.each(Object.keys(transports))('examples/calculator over %s with the official client', (name) => {
  it('answers every smoke check', async () => {
    const client = new Client({ name: 'calculator-check', version: '1.0.0' });
    await client.connect(await (transports[name] as () => Promise<Transport>)());
    try {
      await checkCalculator(client);
    } finally {
      await client.close();
    }
  });
});

describe.each(ERAS)('examples/calculator in the %s era (@decorum/testing)', (era) => {
  it('evaluates expressions, with structured output', async () => {
    const client = await createTestClient(createCalculatorApp(), { era });
    for (const [expression, angleUnit, result] of VALUES) {
      expect(await client.callTool('calculator_arithmetic', { expression, angleUnit })).toMatchObject({
        isError: false,
        text: `${expression} = ${result}`,
        structuredContent: { expression, result, angleUnit },
      });
    }
    await client.close();
  });

  it('explains what is wrong, and where', async () => {
    const client = await createTestClient(createCalculatorApp(), { era });
    for (const [expression, angleUnit, message] of ERRORS) {
      const result = await client.callTool('calculator_arithmetic', { expression, angleUnit });
      expect(result.isError).toBe(true);
      expect(result.text.startsWith(message)).toBe(true);
    }
    expect(await client.callTool('calculator_arithmetic', { expression: '' })).toMatchObject({
      isError: true,
      text: expect.stringMatching(/^Invalid arguments for tool "calculator_arithmetic":\nexpression/),
    });
    await client.close();
  });
});

describe('the parser', () => {
  it('never runs the input as code', () => {
    for (const source of ['process.exit(1)', 'constructor', 'this', '"1"+1', '[1]', 'x=1', '1;2']) {
      expect(() => evaluate(parse(source), 'rad')).toThrow(CalculationError);
    }
  });

  it('binds ^ tighter than unary minus, and to the right', () => {
    expect(evaluate(parse('-3^2'), 'rad')).toBe(-9);
    expect(evaluate(parse('(-3)^2'), 'rad')).toBe(9);
    expect(evaluate(parse('2^-2^-1'), 'rad')).toBeCloseTo(2 ** -(2 ** -1));
    expect(evaluate(parse('4 - 2 - 1'), 'rad')).toBe(1);
    expect(evaluate(parse('8 / 4 / 2'), 'rad')).toBe(1);
  });
});
