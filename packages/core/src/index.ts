/**
 * @decorum/core: write MCP servers as decorated classes. Decorators record metadata; `McpApp`
 * scans providers once, builds JSON Schemas from class-validator DTOs, compiles each handler and
 * serves them through Decorum's protocol engine.
 * @example
 * class Tools {
 *   @Tool({ description: 'Adds two numbers' })
 *   add(@Arg('a') a: number, @Arg('b') b: number) { return String(a + b); }
 * }
 * await new McpApp({ name: 'calc', version: '1.0.0', providers: [Tools] }).listen({ stdio: true });
 */
import 'reflect-metadata';

export {
  type AuthInfo,
  ErrorCode,
  InsufficientScopeError,
  LATEST_PROTOCOL_VERSION,
  McpError,
  type OtelTelemetryOptions,
  objectLoggerSink,
  type RequestLogSink,
  type RequestRecord,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@decorum/protocol';
export { UiDeclarationError } from './apps/ui-errors.js';
export {
  UI_EXTENSION_ID,
  UI_MIME_TYPE,
  type UiCsp,
  type UiPermission,
  type UiResourceMeta,
  type UiToolMeta,
  type UiVisibility,
} from './apps/ui-types.js';
export { CompositionError, MountUnavailableError } from './compose/compose-errors.js';
export { MountedPrimitive } from './compose/mount-pipeline.js';
export {
  type HttpMountOptions,
  http,
  type InProcessServer,
  inProcess,
  type MountClientOptions,
  type StdioMountOptions,
  stdio,
} from './compose/mount-sources.js';
export type {
  Mount,
  MountSource,
  ReconnectOptions,
  UpstreamClient,
  UpstreamHandlers,
} from './compose/mount-types.js';
export type {
  ArgumentTransform,
  PromptTransform,
  ResourceTransform,
  ToolTransform,
  Transforms,
} from './compose/transforms.js';
export { Arg } from './decorators/arg.decorator.js';
export { Args } from './decorators/args.decorator.js';
export { Authorized } from './decorators/authorized.decorator.js';
export { Complete, type CompleteTarget } from './decorators/complete.decorator.js';
export { Ctx } from './decorators/ctx.decorator.js';
export { Field, getFieldMetadata } from './decorators/field.decorator.js';
export { Param } from './decorators/param.decorator.js';
export { Prompt } from './decorators/prompt.decorator.js';
export { Resource } from './decorators/resource.decorator.js';
export { ResourceTemplate } from './decorators/resource-template.decorator.js';
export type { SchemaMethodDecorator } from './decorators/schema-method.js';
export { Tool } from './decorators/tool.decorator.js';
export { UiResource, type UiResourceOptions } from './decorators/ui-resource.decorator.js';
export { UseGuards } from './decorators/use-guards.decorator.js';
export { UseInterceptors } from './decorators/use-interceptors.decorator.js';
export {
  AppConfigurationError,
  DecoratorMetadataError,
  DecorumStartupError,
  DuplicateNameError,
  InvalidNameError,
  MissingDescriptionError,
  ParameterError,
  ResourceDeclarationError,
} from './errors.js';
export type {
  ArgOptions,
  CacheOptions,
  Class,
  FieldOptions,
  FieldType,
  FieldTypeName,
  PromptOptions,
  ResourceAnnotations,
  ResourceOptions,
  ResourceTemplateOptions,
  ToolAnnotations,
  ToolOptions,
} from './metadata/types.js';
export type { McpAppOptions } from './runtime/app-options.js';
export { type Container, InstanceContainer, TypediContainer } from './runtime/container.js';
export { Context, type ElicitResult, type SampleOptions } from './runtime/context.js';
export type {
  CanActivate,
  ExecutionContext,
  Guard,
  GuardFunction,
  Interceptor,
  InterceptorFunction,
  Intercepts,
} from './runtime/execution.js';
export type { ListenOptions } from './runtime/listen-options.js';
export type { ListChanges, ManifestChanges } from './runtime/manifest-diff.js';
export { McpApp } from './runtime/mcp-app.js';
export { audio, embeddedResource, image, resourceLink, text } from './runtime/results.js';
export type { SchemaServices } from './runtime/services.js';
export { ToolError, UserError } from './runtime/user-error.js';
export type { Manifest } from './scanner/manifest.js';
export { DtoMetadataError, DtoPropertyTypeError, UnsafePatternError } from './schema/errors.js';
export type { ValidationLimits } from './schema/input-limits.js';
export type { InputValidator, SchemaRole } from './schema/input-validator.js';
export { formatIssues, type ValidationIssue, type ValidationResult } from './schema/issues.js';
export { SchemaBuilder, type SchemaBuilderOptions, type SchemaDialect } from './schema/schema-builder.js';
export { type JsonSchemaObject, type SchemaSource, SchemaSourceError } from './schema/schema-source.js';
export { DtoValidator, type DtoValidatorOptions } from './schema/validate.js';
export { SkillDeclarationError } from './skills/skill-errors.js';
export type { CodeSkill, SkillContent, SkillsOptions } from './skills/skill-options.js';
export { SkillFileRead } from './skills/skill-providers.js';
export type { TaskOption } from './tasks/task-option.js';
export {
  UriTemplate,
  UriTemplateConflictError,
  UriTemplateError,
  type UriTemplateErrorCode,
  type UriTemplateParams,
  type UriTemplateRouteMatch,
  UriTemplateRouter,
  type UriTemplateValue,
  type UriTemplateValues,
  type UriTemplateVariable,
} from './uri/index.js';
