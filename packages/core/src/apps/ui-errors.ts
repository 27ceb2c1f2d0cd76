import { DecorumStartupError } from '../errors.js';

/**
 * An MCP Apps declaration that cannot work: a view URI outside `ui://`, a tool pointing at a view
 * nobody declares, a CSP entry that is not an origin, an unknown visibility or permission.
 * @example
 * try { new McpApp({ name, version, providers }); } catch (e) { if (e instanceof UiDeclarationError) console.error(e.message); }
 */
export class UiDeclarationError extends DecorumStartupError {
  override readonly name = 'UiDeclarationError';

  constructor(message: string) {
    super('ui-declaration', message);
  }
}
