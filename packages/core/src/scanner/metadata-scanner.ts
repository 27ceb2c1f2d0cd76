import 'reflect-metadata';
import {
  DecoratorMetadataError,
  DuplicateNameError,
  InvalidNameError,
  MissingDescriptionError,
  ParameterError,
  ResourceDeclarationError,
} from '../errors.js';
import { readCompletions, readMembers, readParams, readScopes } from '../metadata/store.js';
import type {
  Class,
  MemberRecord,
  ParamSpec,
  PrimitiveOptions,
  PromptOptions,
  ResourceOptions,
  ResourceTemplateOptions,
  SchemaSource,
  ToolOptions,
} from '../metadata/types.js';
import type { Manifest, ResolvedParam } from './manifest.js';

/** Options of {@link scanProviders}. */
export interface ScanOptions {
  /** Fail when a tool or prompt has no description. Default true. */
  requireDescriptions?: boolean;
}

/** A DTO class, as opposed to a schema value (an arktype type is callable, but a Standard Schema). */
const isClass = (source: SchemaSource): source is Class =>
  typeof source === 'function' && !('~standard' in source) && source.prototype !== undefined;

const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

function resolveParam(
  provider: Class,
  method: string,
  spec: ParamSpec,
  reflected: unknown[] | undefined,
  input?: SchemaSource,
): ResolvedParam {
  const where = `${provider.name}.${method}`;
  const reflectedType = reflected?.[spec.index] as Class | undefined;
  const usable = (t: unknown): t is Class => typeof t === 'function' && t !== Object;
  if (spec.kind === 'args') {
    const type = spec.type ?? input ?? (usable(reflectedType) ? reflectedType : undefined);
    if (type === undefined && reflected === undefined) {
      throw new DecoratorMetadataError(
        where,
        `the @Args() parameter ${spec.index} takes its DTO class from reflection`,
      );
    }
    if (type === undefined) {
      throw new ParameterError(
        where,
        spec.index,
        '@Args() needs a DTO class, but its type reflects as Object (an `import type`, an interface or a missing emitDecoratorMetadata). Pass it explicitly: @Args(MyDto).',
      );
    }
    return { ...spec, resolvedType: type };
  }
  if (spec.kind === 'arg') {
    const explicit = spec.options.type;
    const type = explicit ?? (usable(reflectedType) && reflectedType !== Array ? reflectedType : undefined);
    if (type === undefined && reflected === undefined) {
      throw new DecoratorMetadataError(where, `argument "${spec.name}" takes its type from reflection`);
    }
    if (type === undefined) {
      // Reflection says Array or Object and no more, so the hint cannot name the type; it names the choices.
      const hint =
        reflectedType === Array
          ? `@Arg('${spec.name}', { type: [Item] }) with Item one of String, Number, Boolean or a DTO class`
          : `@Arg('${spec.name}', { type: T }) with T one of String, Number, Boolean, [Item] for an array, or a DTO class` +
            ` (a union such as \`number | undefined\` reflects as Object: write an optional parameter as \`${spec.name}?: number\`` +
            ` with { optional: true }, or give the type)`;
      throw new ParameterError(
        where,
        spec.index,
        `the type of argument "${spec.name}" cannot be known from reflection; give it explicitly: ${hint}.`,
      );
    }
    return { ...spec, resolvedType: type };
  }
  return spec;
}

function checkParams(provider: Class, record: MemberRecord, params: ResolvedParam[]): void {
  const where = `${provider.name}.${record.method}`;
  const fn = (provider.prototype as Record<string, unknown>)[record.method];
  if (typeof fn !== 'function') throw new ParameterError(where, 0, 'the decorated member is not a method');
  const declared = (fn as Function).length;
  for (let i = 0; i < declared; i++) {
    if (!params.some((p) => p.index === i)) {
      throw new ParameterError(where, i, 'has no decorator; add @Args(), @Arg(name), @Param(name) or @Ctx()');
    }
  }
  const allowed =
    record.kind === 'tool' || record.kind === 'prompt'
      ? ['args', 'arg', 'ctx']
      : record.kind === 'template'
        ? ['param', 'args', 'ctx']
        : ['ctx'];
  for (const p of params) {
    if (!allowed.includes(p.kind)) {
      throw new ParameterError(
        where,
        p.index,
        `@${p.kind === 'param' ? 'Param' : p.kind === 'args' ? 'Args' : 'Arg'}() cannot be used on a ${record.kind}; use ${allowed.map((k) => `@${k[0]?.toUpperCase()}${k.slice(1)}()`).join(', ')}`,
      );
    }
  }
  if (
    params.filter((p) => p.kind === 'args').length > 1 ||
    (params.some((p) => p.kind === 'args') && params.some((p) => p.kind === 'arg'))
  ) {
    throw new ParameterError(where, 0, 'use either one @Args() DTO or several @Arg(name) parameters, not both');
  }
}

/**
 * Reads the decorators of every provider class (walking each prototype chain, so inherited
 * primitives count) into a {@link Manifest}, checking names and parameters. Runs once at startup.
 * @throws DecorumStartupError subclasses naming the class, member and fix.
 */
export function scanProviders(providers: readonly Class[], options: ScanOptions = {}): Manifest {
  const manifest: Manifest = { tools: [], prompts: [], resources: [], templates: [], completions: [] };
  const seen = new Map<string, string>();
  const claim = (kind: string, name: string, where: string) => {
    const key = `${kind}\u0000${name}`;
    const first = seen.get(key);
    if (first !== undefined) throw new DuplicateNameError(kind, name, first, where);
    seen.set(key, where);
  };
  const requireDescriptions = options.requireDescriptions ?? true;
  for (const provider of providers) {
    for (const record of readMembers(provider)) {
      const where = `${provider.name}.${record.method}`;
      const reflected = Reflect.getMetadata?.('design:paramtypes', provider.prototype, record.method) as
        | unknown[]
        | undefined;
      const input =
        record.kind === 'template'
          ? (record.options as ResourceTemplateOptions).variables
          : (record.options as ToolOptions).input;
      const params = readParams(provider, record.method).map((spec) =>
        resolveParam(provider, record.method, spec, reflected, input),
      );
      // A schema (not a class) hands its validated value to the method: to @Args() if there is one, else first.
      if (input !== undefined && !isClass(input) && !params.some((p) => p.kind === 'args')) {
        if (params.some((p) => p.index === 0)) {
          throw new ParameterError(
            where,
            0,
            'the value a schema `input` validates is the first parameter: move this one after it, or mark the parameter that takes it @Args()',
          );
        }
        params.push({ kind: 'args', index: 0, resolvedType: input });
      }
      checkParams(provider, record, params);
      if (record.kind === 'prompt') {
        for (const p of params) {
          if (p.kind === 'arg' && p.resolvedType !== String) {
            throw new ParameterError(where, p.index, `prompt arguments are strings in MCP: type "${p.name}" as string`);
          }
        }
      }
      if (
        (record.kind === 'resource' || record.kind === 'template') &&
        !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(record.uri ?? '')
      ) {
        throw new ResourceDeclarationError(
          `${where}: "${record.uri}" is not an absolute URI; start it with a scheme, e.g. "docs://…"`,
        );
      }
      const opts = record.options as PrimitiveOptions;
      const name = opts.name ?? record.method;
      const scopes = readScopes(provider, record.method);
      const base = { provider, method: record.method, params, where, ...(scopes !== undefined && { scopes }) };
      if (record.kind === 'tool' || record.kind === 'prompt') {
        if (record.kind === 'tool' && !TOOL_NAME.test(name)) {
          throw new InvalidNameError('tool', name, where, 'use 1–128 characters from A–Z, a–z, 0–9, _, - and .');
        }
        if (record.kind === 'prompt' && name.trim() === '')
          throw new InvalidNameError('prompt', name, where, 'it must not be empty');
        if (requireDescriptions && !opts.description) throw new MissingDescriptionError(record.kind, where);
        claim(record.kind, name, where);
        if (record.kind === 'tool')
          manifest.tools.push({ ...base, kind: 'tool', name, options: record.options as ToolOptions });
        else manifest.prompts.push({ ...base, kind: 'prompt', name, options: record.options as PromptOptions });
      } else if (record.kind === 'resource') {
        claim('resource', record.uri as string, where);
        manifest.resources.push({
          ...base,
          kind: 'resource',
          uri: record.uri as string,
          name,
          options: record.options as ResourceOptions,
        });
      } else {
        claim('resource template', record.uri as string, where);
        manifest.templates.push({
          ...base,
          kind: 'template',
          uriTemplate: record.uri as string,
          name,
          options: record.options as ResourceTemplateOptions,
        });
      }
    }
    for (const completion of readCompletions(provider)) {
      manifest.completions.push({ ...completion, provider, where: `${provider.name}.${completion.method}` });
    }
  }
  return manifest;
}
