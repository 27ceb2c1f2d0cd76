// The calculator tool: parses the expression (never eval), evaluates it, and turns every failure into
// an isError result that says what is wrong and where, so the model can fix the expression.
import { Args, Field, Tool, ToolError, text } from '@decorum/core';
import { IsIn, IsNumber, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { type AngleUnit, evaluate, tidy } from './evaluate.js';
import { CalculationError, CONSTANTS, FUNCTIONS, parse } from './parser.js';

export class ArithmeticInput {
  @Field({
    description: `An expression with + - * / ^ %, parentheses, unary minus, the functions ${FUNCTIONS.join(', ')} and the constants ${CONSTANTS.join(', ')}`,
    examples: ['2 * (3 + 4)', 'sqrt(2)^2', 'sin(30)'],
  })
  @IsString()
  @MinLength(1)
  @MaxLength(1000)
  expression!: string;

  @Field({ description: 'The unit of angles for sin, cos, tan and of results of asin, acos, atan' })
  @IsOptional()
  @IsIn(['rad', 'deg'])
  angleUnit: AngleUnit = 'rad';
}

/** The structured result of `calculator_arithmetic`. */
export class Calculation {
  @IsString() expression!: string;
  @Field({ description: 'The value, rounded to 12 significant digits' }) @IsNumber() result!: number;
  @IsIn(['rad', 'deg']) angleUnit!: AngleUnit;
}

/** The error message for the model: what went wrong, then the expression with a caret under the place. */
export function explain(error: CalculationError, expression: string): string {
  const label = error.kind === 'syntax' ? 'Syntax error' : 'Cannot evaluate';
  const caret = `${' '.repeat(Math.max(0, error.position - 1))}^`;
  return `${label}: ${error.message}\n  ${expression}\n  ${caret}`;
}

export class CalculatorTools {
  @Tool({
    name: 'calculator_arithmetic',
    title: 'Calculator',
    description:
      'Evaluates an arithmetic expression exactly as written: + - * / ^ % with the usual precedence, parentheses, ' +
      'unary minus, sin cos tan asin acos atan (degrees or radians), sqrt, abs, ln, log10, exp, pi and e',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    output: Calculation,
  })
  arithmetic(@Args() input: ArithmeticInput) {
    let result: number;
    try {
      result = tidy(evaluate(parse(input.expression), input.angleUnit));
    } catch (error) {
      if (error instanceof CalculationError) throw new ToolError(explain(error, input.expression));
      throw error;
    }
    const calculation: Calculation = { expression: input.expression, result, angleUnit: input.angleUnit };
    return { content: [text(`${input.expression} = ${result}`)], structuredContent: { ...calculation } };
  }
}
