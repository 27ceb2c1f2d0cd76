import { type Context, Ctx, Tool } from '@decorum/core';
import { upstreamToken } from '@decorum/oauth';

/** One repository as the tool reports it. */
interface Repository {
  full_name: string;
  private?: boolean;
}

/** Tools that act on GitHub as the signed-in user, with the user's own GitHub token (never the MCP client's). */
export class Repositories {
  constructor(private readonly apiUrl: string) {}

  @Tool({ name: 'list_repos', description: 'Lists your GitHub repositories', annotations: { readOnlyHint: true } })
  async list(@Ctx() ctx: Context): Promise<string> {
    const token = await upstreamToken(ctx.auth);
    const response = await fetch(`${this.apiUrl}/user/repos?per_page=100&sort=updated`, {
      headers: {
        authorization: `Bearer ${token}`,
        accept: 'application/vnd.github+json',
        'user-agent': 'decorum-example',
      },
      signal: AbortSignal.timeout(10_000),
    });
    // The status only: GitHub's error body is not repeated to the model.
    if (!response.ok) throw new Error(`GitHub answered HTTP ${response.status}`);
    const repos = (await response.json()) as Repository[];
    return repos.length === 0 ? 'You have no repositories.' : repos.map((r) => r.full_name).join('\n');
  }
}
