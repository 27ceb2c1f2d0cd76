// `@Arg('inner', { type: Inner })` with a self-referencing DTO (issue 20, item 9): the definitions of
// the recursive class must sit at the root of the input schema, where its `$ref`s point, so that the
// schema resolves — checked with Ajv in both dialects, as clients see the schema in tools/list.
import 'reflect-metadata';
import { createLinkedTransports } from '@decorum/protocol';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport as SdkTransport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import { afterEach, describe, expect, it } from 'vitest';
import { Arg, McpApp, Tool } from '../../src/index.js';
import { hoistDefinitions } from '../../src/schema/hoist-definitions.js';
import type { SchemaDialect } from '../../src/schema/schema-builder.js';
import { compileChecked } from './ajv-support.js';

class Inner {
  @IsString()
  name!: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => Inner)
  child?: Inner;
}

/** Another class called `Inner`, with other content: its definition must not replace the first. */
const Other = (() => {
  class Inner {
    @IsInt()
    size!: number;

    @IsOptional()
    @ValidateNested({ each: true })
    @Type(() => Inner)
    parts?: Inner[];
  }
  return Inner;
})();

class Tools {
  @Tool({ description: 'Takes a tree, twice, a list of trees and another tree-shaped class' })
  take(
    @Arg('inner', { type: Inner }) inner: Inner,
    @Arg('again', { type: Inner, optional: true }) _again: Inner | undefined,
    @Arg('many', { type: [Inner], optional: true }) _many: Inner[] | undefined,
    @Arg('other', { type: Other, optional: true }) _other: InstanceType<typeof Other> | undefined,
  ) {
    return inner.child?.name ?? inner.name;
  }
}

const apps: McpApp[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

async function inputSchema(protocolVersion: string) {
  const app = new McpApp({ name: 'defs', version: '1', providers: [Tools] });
  apps.push(app);
  const client = new Client({ name: 'test', version: '1' });
  const [clientSide, serverSide] = createLinkedTransports();
  await app.connect(serverSide);
  const send = clientSide.send.bind(clientSide);
  clientSide.send = (m) => {
    const msg = m as { method?: string; params?: object };
    return send(msg.method === 'initialize' ? ({ ...msg, params: { ...msg.params, protocolVersion } } as never) : m);
  };
  await client.connect(clientSide as unknown as SdkTransport);
  const { tools } = await client.listTools();
  return { schema: tools[0]?.inputSchema as Record<string, unknown>, client };
}

const cases: [SchemaDialect, string, string][] = [
  ['2020-12', '2025-11-25', '$defs'],
  ['draft-07', '2025-06-18', 'definitions'],
];

describe('@Arg with a recursive DTO', () => {
  it.each(cases)('%s: the definitions sit at the root and every $ref resolves (Ajv)', async (dialect, version, key) => {
    const { schema, client } = await inputSchema(version);
    interface Schema {
      [keyword: string]: Schema | undefined;
    }
    const properties = schema.properties as Schema;
    for (const name of ['inner', 'again', 'other']) expect(properties[name]?.[key]).toBeUndefined();
    expect(properties.many?.items?.[key]).toBeUndefined();
    const definitions = schema[key] as Record<string, unknown>;
    expect(Object.keys(definitions).sort()).toEqual(['Inner', 'Inner_2']);
    // The argument's own class is inlined; where it reaches itself, it refers to the root's definitions.
    expect(properties.inner?.properties?.child).toEqual({ $ref: `#/${key}/Inner` });
    expect(properties.many?.items?.properties?.child).toEqual({ $ref: `#/${key}/Inner` });
    expect(JSON.stringify(properties.other)).toContain(`#/${key}/Inner_2`);
    expect(JSON.stringify(definitions.Inner_2)).toContain(`#/${key}/Inner_2`);

    const validate = compileChecked(schema, dialect);
    expect(validate({ inner: { name: 'a', child: { name: 'b', child: { name: 'c' } } } })).toBe(true);
    expect(validate({ inner: { name: 'a' }, many: [{ name: 'b', child: { name: 'c' } }] })).toBe(true);
    expect(validate({ inner: { name: 'a' }, other: { size: 1, parts: [{ size: 2 }] } })).toBe(true);
    expect(validate({ inner: { name: 'a', child: { name: 2 } } })).toBe(false);
    expect(validate({ inner: { name: 'a' }, other: { size: 1, parts: [{ size: 'x' }] } })).toBe(false);

    // And the server accepts what the schema accepts.
    const result = await client.callTool({ name: 'take', arguments: { inner: { name: 'a', child: { name: 'b' } } } });
    expect(result).toMatchObject({ content: [{ type: 'text', text: 'b' }] });
  });

  it('leaves the input alone (DTO schemas are shared and frozen) and a schema without definitions as it was', () => {
    const embedded = Object.freeze({ $ref: '#/$defs/Inner', $defs: Object.freeze({ Inner: { type: 'object' } }) });
    const outer = Object.freeze({ type: 'object', properties: Object.freeze({ inner: embedded }) });
    expect(hoistDefinitions(outer)).toEqual({
      type: 'object',
      properties: { inner: { $ref: '#/$defs/Inner' } },
      $defs: { Inner: { type: 'object' } },
    });
    expect(outer.properties.inner).toBe(embedded);
    const plain = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
    expect(hoistDefinitions(plain)).toEqual(plain);
  });
});
