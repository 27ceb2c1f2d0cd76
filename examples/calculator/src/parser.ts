// A recursive-descent parser for arithmetic expressions. It never evaluates text as code (no eval,
// no Function): it turns the input into a small tree that `evaluate` walks. Positions are 1-based
// character columns, so error messages can point at the culprit.
//
//   expression := term (('+' | '-') term)*
//   term       := unary (('*' | '/' | '%') unary)*
//   unary      := ('-' | '+') unary | power
//   power      := primary ('^' unary)?          right-associative: 2^3^2 = 2^9; -2^2 = -(2^2)
//   primary    := number | constant | function '(' expression ')' | '(' expression ')'

/** A syntax or evaluation error, at a 1-based position of the expression. */
export class CalculationError extends Error {
  constructor(
    message: string,
    readonly position: number,
    readonly kind: 'syntax' | 'division by zero' | 'domain' | 'overflow',
  ) {
    super(message);
    this.name = 'CalculationError';
  }
}

export type Node =
  | { type: 'number'; value: number; position: number }
  | { type: 'constant'; name: string; position: number }
  | { type: 'unary'; operator: '-' | '+'; operand: Node; position: number }
  | { type: 'binary'; operator: '+' | '-' | '*' | '/' | '%' | '^'; left: Node; right: Node; position: number }
  | { type: 'call'; name: string; argument: Node; position: number };

export const FUNCTIONS = ['sin', 'cos', 'tan', 'asin', 'acos', 'atan', 'sqrt', 'abs', 'ln', 'log10', 'exp'] as const;
export const CONSTANTS = ['pi', 'e'] as const;

interface Token {
  kind: 'number' | 'name' | 'operator' | '(' | ')' | 'end';
  text: string;
  position: number;
}

const OPERATORS = new Set(['+', '-', '*', '/', '%', '^']);

/** Splits the expression into tokens; whitespace only separates them. */
function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    if (/\s/.test(char)) {
      i++;
      continue;
    }
    const position = i + 1;
    // A number: digits with an optional fraction and exponent (1, 2.5, .5, 6.02e23).
    const number = /^(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/.exec(source.slice(i));
    if (number) {
      tokens.push({ kind: 'number', text: number[0], position });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i));
    if (name) {
      tokens.push({ kind: 'name', text: name[0], position });
      i += name[0].length;
      continue;
    }
    if (OPERATORS.has(char)) tokens.push({ kind: 'operator', text: char, position });
    else if (char === '(' || char === ')') tokens.push({ kind: char, text: char, position });
    else throw new CalculationError(`Unexpected character '${char}' at position ${position}`, position, 'syntax');
    i++;
  }
  tokens.push({ kind: 'end', text: '', position: source.length + 1 });
  return tokens;
}

/** Describes a token for an error message. */
const describe = (token: Token) => (token.kind === 'end' ? 'the end of the expression' : `'${token.text}'`);

/** Parses an expression into a tree, or throws a `CalculationError` naming the position. */
export function parse(source: string): Node {
  const tokens = tokenize(source);
  let index = 0;
  const peek = () => tokens[index] as Token;
  const next = () => tokens[index++] as Token;
  const isOperator = (...ops: string[]) => peek().kind === 'operator' && ops.includes(peek().text);
  const fail = (token: Token, expected: string): never => {
    throw new CalculationError(
      `At position ${token.position}: expected ${expected}, found ${describe(token)}`,
      token.position,
      'syntax',
    );
  };

  const expression = (): Node => {
    let left = term();
    while (isOperator('+', '-')) {
      const op = next();
      left = { type: 'binary', operator: op.text as '+' | '-', left, right: term(), position: op.position };
    }
    return left;
  };

  const term = (): Node => {
    let left = unary();
    while (isOperator('*', '/', '%')) {
      const op = next();
      left = { type: 'binary', operator: op.text as '*' | '/' | '%', left, right: unary(), position: op.position };
    }
    return left;
  };

  const unary = (): Node => {
    if (isOperator('-', '+')) {
      const op = next();
      return { type: 'unary', operator: op.text as '-' | '+', operand: unary(), position: op.position };
    }
    return power();
  };

  const power = (): Node => {
    const base = primary();
    if (!isOperator('^')) return base;
    const op = next();
    return { type: 'binary', operator: '^', left: base, right: unary(), position: op.position };
  };

  const primary = (): Node => {
    const token = next();
    if (token.kind === 'number') {
      const value = Number(token.text);
      if (!Number.isFinite(value))
        throw new CalculationError(
          `Number ${token.text} at position ${token.position} is too large`,
          token.position,
          'overflow',
        );
      return { type: 'number', value, position: token.position };
    }
    if (token.kind === '(') {
      const inner = expression();
      if (peek().kind !== ')') fail(peek(), `')' to close the '(' at position ${token.position}`);
      next();
      return inner;
    }
    if (token.kind === 'name') {
      const name = token.text.toLowerCase();
      if ((CONSTANTS as readonly string[]).includes(name)) return { type: 'constant', name, position: token.position };
      if ((FUNCTIONS as readonly string[]).includes(name)) {
        if (peek().kind !== '(') fail(peek(), `'(' after ${name}`);
        const open = next();
        const argument = expression();
        if (peek().kind !== ')') fail(peek(), `')' to close the '(' at position ${open.position}`);
        next();
        return { type: 'call', name, argument, position: token.position };
      }
      throw new CalculationError(
        `Unknown name '${token.text}' at position ${token.position}; functions: ${FUNCTIONS.join(', ')}; constants: ${CONSTANTS.join(', ')}`,
        token.position,
        'syntax',
      );
    }
    return fail(token, 'a number, a constant, a function or (');
  };

  const tree = expression();
  if (peek().kind !== 'end') fail(peek(), 'an operator or the end of the expression');
  return tree;
}
