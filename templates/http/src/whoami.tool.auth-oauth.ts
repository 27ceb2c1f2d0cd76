// A tool that acts for the signed-in user: it calls the identity provider with that user's own token (never the
// MCP client's), which is what a tool calling GitHub's or Google's API for its user does.
import { type Context, Ctx, Tool } from '@decorum/core';
import { upstreamToken } from '@decorum/oauth';
import { userInfoUrl } from './sign-in.js';

export class WhoAmITool {
  @Tool({ description: 'Who you are signed in as, according to your identity provider' })
  async whoami(@Ctx() ctx: Context): Promise<string> {
    const token = await upstreamToken(ctx.auth);
    const response = await fetch(await userInfoUrl(process.env), {
      headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    });
    if (!response.ok) return `Your identity provider answered HTTP ${response.status}`;
    const me = (await response.json()) as { login?: string; name?: string; email?: string; sub?: string };
    return `You are ${me.name ?? me.login ?? me.email ?? me.sub}`;
  }
}
