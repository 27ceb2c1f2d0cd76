// Validation that cannot be turned against the server (issue 20, items 7 and 8): a catastrophic
// pattern never runs on input its length check refused, unbounded ones are reported at startup, and
// input too deep or too large is refused before class-transformer recurses into it.
import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createLinkedTransports } from '@decorum/protocol';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min, ValidateNested } from 'class-validator';
import { afterEach, describe, expect, it } from 'vitest';
import { Args, McpApp, type McpAppOptions, ResourceTemplate, Tool, UnsafePatternError } from '../../src/index.js';
import { DtoValidator } from '../../src/schema/validate.js';

const EVIL = /^(a+)+$/;
/** 2^26 backtracking steps for EVIL: seconds of blocked event loop if the pattern ever runs on it. */
const HOSTILE = `${'a'.repeat(26)}!`;

/** A RegExp that counts how often validator.js runs it (String#match calls exec). */
class CountingRegExp extends RegExp {
  runs = 0;
  override exec(text: string) {
    this.runs++;
    return super.exec(text);
  }
}

/** The capped DTOs' pattern, counting its runs: the live pipeline is seen not to run it, with no clock involved. */
const CAPPED = new CountingRegExp('^(a+)+$');

class CappedBelow {
  @Matches(CAPPED)
  @MaxLength(16)
  name!: string;
}

class CappedAbove {
  @MaxLength(16)
  @Matches(CAPPED)
  name!: string;
}

class Uncapped {
  @IsString()
  @Matches(EVIL)
  name!: string;
}

class Limit {
  @Max(50)
  @Min(1)
  @IsInt()
  limit!: number;
}

class Node {
  @IsOptional()
  @ValidateNested()
  @Type(() => Node)
  child?: Node;
}

class Tools {
  @Tool({ description: 'Pattern under a cap (cap decorated below)' })
  below(@Args() input: CappedBelow) {
    return input.name;
  }

  @Tool({ description: 'Pattern under a cap (cap decorated above)' })
  above(@Args() input: CappedAbove) {
    return input.name;
  }

  @Tool({ description: 'A tree' })
  tree(@Args() _input: Node) {
    return 'ok';
  }
}

class UncappedTools {
  @Tool({ description: 'Pattern without a cap' })
  uncapped(@Args() input: Uncapped) {
    return input.name;
  }
}

class UncappedTemplate {
  @ResourceTemplate('names://{name}', { name: 'names' })
  read(@Args() input: Uncapped) {
    return input.name;
  }
}

const apps: McpApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

function logged() {
  const lines = { warn: [] as string[], error: [] as string[] };
  const logger = {
    warn: (message: string) => lines.warn.push(message),
    error: (message: string, detail?: unknown) => lines.error.push(`${message} ${String(detail)}`),
  };
  return { lines, logger };
}

async function connect(options: Partial<McpAppOptions> & Pick<McpAppOptions, 'providers'>) {
  const app = new McpApp({ name: 'hostile', version: '1', ...options });
  apps.push(app);
  const client = new Client({ name: 'test', version: '1' });
  const [clientSide, serverSide] = createLinkedTransports();
  await app.connect(serverSide);
  await client.connect(clientSide as unknown as SdkTransport);
  return client;
}

const textOf = (result: unknown) => (result as { content: { text: string }[] }).content[0]?.text ?? '';

describe('catastrophic patterns', () => {
  it('are not run on input their @MaxLength refused, whatever the decorator order (live pipeline)', async () => {
    const client = await connect({ providers: [Tools] });
    for (const name of ['below', 'above']) {
      CAPPED.runs = 0;
      const result = await client.callTool({ name, arguments: { name: HOSTILE } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toBe(
        `Invalid arguments for tool "${name}":\nname must be shorter than or equal to 16 characters`,
      );
      // Before the fix the pattern ran on the refused input (4–6 s of backtracking each call).
      expect(CAPPED.runs).toBe(0);
      // The count is wired through the live pipeline: input within the cap is matched.
      expect(textOf(await client.callTool({ name, arguments: { name: 'aaa' } }))).toBe('aaa');
      expect(CAPPED.runs).toBeGreaterThan(0);
    }
  });

  it('run only after type and size checks passed, in both the compiled path and the rejection path', async () => {
    const pattern = new CountingRegExp('^(a+)+$');
    class Probe {
      @MaxLength(16)
      @Matches(pattern)
      name!: string;
    }
    for (const compile of [true, false]) {
      const validator = new DtoValidator({ compile });
      pattern.runs = 0;
      expect(await validator.validate(Probe, { name: HOSTILE })).toEqual({
        ok: false,
        issues: [{ path: 'name', message: 'name must be shorter than or equal to 16 characters' }],
      });
      expect(await validator.validate(Probe, { name: 42 })).toMatchObject({ ok: false });
      expect(pattern.runs).toBe(0);
      expect(await validator.validate(Probe, { name: 'aaa' })).toMatchObject({ ok: true });
      expect(pattern.runs).toBeGreaterThan(0);
    }
  });

  it('a wrong type is reported alone, before range checks', async () => {
    for (const compile of [true, false]) {
      expect(await new DtoValidator({ compile }).validate(Limit, { limit: '5' })).toEqual({
        ok: false,
        issues: [{ path: 'limit', message: 'limit must be an integer number' }],
      });
    }
  });

  it('without a length cap: startup fails with UnsafePatternError naming the pattern, the fixes and the opt-out', async () => {
    const refused = await connect({ providers: [UncappedTools] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(UnsafePatternError);
    const message = (refused as Error).message;
    expect(message).toContain('Uncapped.name: @Matches(/^(a+)+$/)');
    expect(message).toContain('@MaxLength(n)');
    expect(message).toContain('validation.unsafePatternMaxLength');
    expect(message).toContain('validation.allowUnsafePatterns: true');
  });

  it('refused over HTTP (listen rejects) and over stdio (the process exits, the error on stderr, stdout clean)', async () => {
    const serve = async () => {
      const app = new McpApp({ name: 'hostile', version: '1', providers: [UncappedTools] });
      apps.push(app);
      await app.listen({ http: { port: 0 } });
    };
    await expect(serve()).rejects.toBeInstanceOf(UnsafePatternError);
    const fixture = fileURLToPath(new URL('../fixtures/unsafe-pattern-app.ts', import.meta.url));
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, ['--conditions=@decorum/source', '--import', '@decorum/cli/register', fixture], {
        env: { ...process.env, ...env },
        input: '',
        encoding: 'utf8',
      });
    const refused = run({});
    expect(refused.status).not.toBe(0);
    expect(refused.stderr).toContain('Name.name: @Matches(/^(a+)+$/)');
    expect(refused.stderr).toContain('validation.allowUnsafePatterns');
    expect(refused.stdout).toBe('');
    const allowed = run({ UNSAFE_OPT_OUT: '1' }); // starts, warns, and ends when stdin closes
    expect(allowed.status).toBe(0);
    expect(allowed.stderr).toContain('Name.name: @Matches(/^(a+)+$/)');
  });

  it('with allowUnsafePatterns: one startup warning in the logger naming the pattern and the option', async () => {
    const { lines, logger } = logged();
    await connect({ providers: [UncappedTools], logger, validation: { allowUnsafePatterns: true } });
    expect(lines.warn).toHaveLength(1);
    expect(lines.warn[0]).toContain('Uncapped.name: @Matches(/^(a+)+$/)');
    expect(lines.warn[0]).toContain('@MaxLength(n)');
    expect(lines.warn[0]).toContain('validation.unsafePatternMaxLength');
    const capped = logged();
    await connect({ providers: [Tools], logger: capped.logger });
    expect(capped.lines.warn).toEqual([]);
  });

  it("a template's @Args DTO is readied at startup too: refused before any read (a warning with the opt-out)", async () => {
    await expect(connect({ providers: [UncappedTemplate] })).rejects.toBeInstanceOf(UnsafePatternError);
    const { lines, logger } = logged();
    await connect({ providers: [UncappedTemplate], logger, validation: { allowUnsafePatterns: true } });
    expect(lines.warn).toHaveLength(1);
    expect(lines.warn[0]).toContain('Uncapped.name: @Matches(/^(a+)+$/)');
  });

  it('unsafePatternMaxLength refuses longer input before the pattern runs, and silences the warning', async () => {
    const { lines, logger } = logged();
    const client = await connect({ providers: [UncappedTools], logger, validation: { unsafePatternMaxLength: 20 } });
    expect(lines.warn).toEqual([]);
    const result = await client.callTool({ name: 'uncapped', arguments: { name: HOSTILE } });
    expect(textOf(result)).toBe(
      'Invalid arguments for tool "uncapped":\nname must be shorter than or equal to 20 characters',
    );
    expect(await client.callTool({ name: 'uncapped', arguments: { name: 'aaaa' } })).toMatchObject({
      content: [{ type: 'text', text: 'aaaa' }],
    });
    const pattern = new CountingRegExp('^(a+)+$');
    class Probe {
      @Matches(pattern)
      name!: string;
    }
    for (const compile of [true, false]) {
      pattern.runs = 0;
      const validator = new DtoValidator({ compile, unsafePatternMaxLength: 20 });
      expect(await validator.validate(Probe, { name: HOSTILE })).toMatchObject({ ok: false });
      expect(pattern.runs).toBe(0);
    }
  });

  it('the default warning (allowUnsafePatterns) goes to stderr (console.warn), never stdout', () => {
    const seen: string[] = [];
    const stdout: string[] = [];
    const warn = console.warn;
    const log = console.log;
    console.warn = (message: string) => seen.push(message);
    console.log = (message: string) => stdout.push(message);
    try {
      new DtoValidator({ allowUnsafePatterns: true }).prepare(Uncapped);
    } finally {
      console.warn = warn;
      console.log = log;
    }
    expect(seen).toHaveLength(1);
    expect(stdout).toEqual([]);
  });
});

/** `{ child: { child: … } }`, `levels` objects deep, built without recursion. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let i = 1; i < levels; i++) value = { child: value };
  return value;
}

describe('deep and large input', () => {
  it('20 000 levels through a DTO: "Invalid arguments", no internal error, nothing logged', async () => {
    const { lines, logger } = logged();
    const client = await connect({ providers: [Tools], logger });
    const result = await client.callTool({ name: 'tree', arguments: nested(20_000) });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('Invalid arguments for tool "tree":\narguments must not nest deeper than 64 levels');
    expect(lines.error).toEqual([]);
    expect(await client.callTool({ name: 'tree', arguments: nested(64) })).toMatchObject({
      content: [{ text: 'ok' }],
    });
    expect(textOf(await client.callTool({ name: 'tree', arguments: nested(65) }))).toContain('deeper than 64 levels');
  });

  it('maxDepth and maxValues are configurable and checked in both paths', async () => {
    const client = await connect({ providers: [Tools], validation: { maxDepth: 3, maxValues: 5 } });
    expect(textOf(await client.callTool({ name: 'tree', arguments: nested(4) }))).toContain('deeper than 3 levels');
    for (const compile of [true, false]) {
      const validator = new DtoValidator({ compile, maxValues: 5 });
      expect(await validator.validate(Node, nested(5))).toMatchObject({ ok: true });
      expect(await validator.validate(Node, nested(6))).toEqual({
        ok: false,
        issues: [{ path: '', message: 'arguments must hold at most 5 values' }],
      });
    }
  });
});
