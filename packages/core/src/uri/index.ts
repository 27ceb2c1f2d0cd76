// RFC 6570 URI templates for resource templates: parsing, linear-time matching, expansion, routing.

export { UriTemplate } from './uri-template.js';
export { UriTemplateConflictError, UriTemplateError, type UriTemplateErrorCode } from './uri-template-error.js';
export type { UriTemplateScalar, UriTemplateValue, UriTemplateValues } from './uri-template-expander.js';
export type { UriTemplateParams } from './uri-template-matcher.js';
export type {
  UriTemplateExpression,
  UriTemplateLiteral,
  UriTemplateOperator,
  UriTemplatePart,
  UriTemplateVariable,
} from './uri-template-parser.js';
export { type UriTemplateRouteMatch, UriTemplateRouter } from './uri-template-router.js';
