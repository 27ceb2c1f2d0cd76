import { DecorumStartupError } from '../errors.js';

/**
 * A skill that cannot be served: a SKILL.md without frontmatter, a name that differs from its folder,
 * a symlink or dotfile, a skill over the size limits. The message names the file and the fix.
 * @example
 * try { new McpApp({ …, skills: { folders: ['skills'] } }); } catch (e) { if (e instanceof SkillDeclarationError) console.error(e.message); }
 */
export class SkillDeclarationError extends DecorumStartupError {
  override readonly name = 'SkillDeclarationError';

  constructor(message: string) {
    super('skill-declaration', message);
  }
}
