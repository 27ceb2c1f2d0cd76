// A minimal skills host the official conformance suite drives for the SEP-2640 client scenarios
// (`conformance client --command …`: the scenario in MCP_CONFORMANCE_SCENARIO, the server URL last), on
// Decorum's SkillsClient alone. It lists the skills; a host loads a skill only when its model asks for
// it, which here stands for every scenario but no-prefetch: load each skill (SKILL.md read and verified
// against the entry) and then, only if that passed, read its other files, each verified. A verification
// failure ends the run with exit 1 after nothing else was read. (The everything client of
// examples/conformance-client can call `hostSkills` for these scenarios.)
import { connectHttp, SkillVerificationError } from '@decorum/protocol/client';

/** Lists the server's skills and, unless `load` is false, loads each and reads its files on demand. */
export async function hostSkills(serverUrl: string, protocolVersion: string, load: boolean): Promise<void> {
  const client = await connectHttp(serverUrl, {
    protocolVersion: protocolVersion as never,
    listen: false,
    // The spec asks for no client declaration; some servers want one (see SkillsClient), so it is sent.
    capabilities: { extensions: { 'io.modelcontextprotocol/skills': {} } },
  });
  try {
    if (!client.skills.declared) return;
    const skills = await client.skills.list();
    if (!load) return;
    for (const skill of skills) {
      const loaded = await client.skills.load(skill);
      for (const file of loaded.files ?? []) if (file.uri !== skill.uri) await loaded.readFile(file.uri);
    }
  } finally {
    await client.close();
  }
}

const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? '';
const serverUrl = process.argv.at(-1) as string;
try {
  await hostSkills(
    serverUrl,
    process.env.MCP_CONFORMANCE_PROTOCOL_VERSION ?? '2025-11-25',
    scenario !== 'sep-2640-client-no-prefetch',
  );
  process.exit(0);
} catch (error) {
  const refused = error instanceof SkillVerificationError;
  console.error(`skills-client: ${refused ? `refused (${error.reason})` : 'failed'}: ${(error as Error).message}`);
  process.exit(1);
}
