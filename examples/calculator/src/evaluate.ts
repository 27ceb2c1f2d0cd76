// Walks the tree `parse` builds. Every operation checks its domain, so a bad input is a
// `CalculationError` with a position and a reason, never a silent NaN or Infinity.
import { CalculationError, type Node } from './parser.js';

export type AngleUnit = 'rad' | 'deg';

/** Rounds away floating-point noise: 0.1 + 0.2 gives 0.3, sin(pi) gives 0. */
export function tidy(value: number): number {
  if (Math.abs(value) < 1e-12) return 0;
  return Number(value.toPrecision(12));
}

/** Formats a number for the error messages. */
const show = (value: number) => String(tidy(value));

/** Evaluates a parsed expression; trigonometric functions read and return angles in `unit`. */
export function evaluate(node: Node, unit: AngleUnit): number {
  const value = compute(node, unit);
  // Reported where it first happens, e.g. at the '^' of 10^400, not at the end.
  if (!Number.isFinite(value))
    throw new CalculationError(
      `Overflow at position ${node.position}: the result is too large to represent`,
      node.position,
      'overflow',
    );
  return value;
}

function compute(node: Node, unit: AngleUnit): number {
  switch (node.type) {
    case 'number':
      return node.value;
    case 'constant':
      return node.name === 'pi' ? Math.PI : Math.E;
    case 'unary': {
      const operand = compute(node.operand, unit);
      return node.operator === '-' ? -operand : operand;
    }
    case 'binary':
      return binary(node.operator, evaluate(node.left, unit), evaluate(node.right, unit), node.position);
    case 'call':
      return call(node.name, evaluate(node.argument, unit), unit, node.position);
  }
}

function binary(operator: string, left: number, right: number, position: number): number {
  const domain = (message: string) => new CalculationError(message, position, 'domain');
  switch (operator) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
    case '%':
      if (right === 0)
        throw new CalculationError(
          `Division by zero at position ${position}: ${show(left)} ${operator} 0`,
          position,
          'division by zero',
        );
      return operator === '/' ? left / right : left % right;
    default: {
      if (left === 0 && right < 0)
        throw new CalculationError(
          `Division by zero at position ${position}: 0 ^ ${show(right)} is 1 / 0`,
          position,
          'division by zero',
        );
      const result = left ** right;
      if (Number.isNaN(result))
        throw domain(
          `Domain error at position ${position}: (${show(left)}) ^ ${show(right)} is not a real number (a negative base needs a whole exponent)`,
        );
      return result;
    }
  }
}

/** Angles in and out of the trigonometric functions, in the unit asked for. */
const toRadians = (angle: number, unit: AngleUnit) => (unit === 'deg' ? (angle * Math.PI) / 180 : angle);
const fromRadians = (angle: number, unit: AngleUnit) => (unit === 'deg' ? (angle * 180) / Math.PI : angle);

function call(name: string, x: number, unit: AngleUnit, position: number): number {
  const domain = (requirement: string) =>
    new CalculationError(
      `Domain error at position ${position}: ${name}(${show(x)}) is undefined; ${name} needs ${requirement}`,
      position,
      'domain',
    );
  switch (name) {
    case 'sin':
      return Math.sin(toRadians(x, unit));
    case 'cos':
      return Math.cos(toRadians(x, unit));
    case 'tan': {
      // tan is undefined at odd multiples of 90° (π/2); cos there is 0 up to rounding.
      if (Math.abs(Math.cos(toRadians(x, unit))) < 1e-12)
        throw domain(
          unit === 'deg'
            ? 'an angle that is not an odd multiple of 90°'
            : 'an angle that is not an odd multiple of π/2',
        );
      return Math.tan(toRadians(x, unit));
    }
    case 'asin':
    case 'acos':
      if (x < -1 || x > 1) throw domain('a value between -1 and 1');
      return fromRadians(name === 'asin' ? Math.asin(x) : Math.acos(x), unit);
    case 'atan':
      return fromRadians(Math.atan(x), unit);
    case 'sqrt':
      if (x < 0) throw domain('a value of 0 or more');
      return Math.sqrt(x);
    case 'abs':
      return Math.abs(x);
    case 'ln':
    case 'log10':
      if (x <= 0) throw domain('a value greater than 0');
      return name === 'ln' ? Math.log(x) : Math.log10(x);
    default:
      return Math.exp(x);
  }
}
