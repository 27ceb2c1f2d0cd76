import { CapabilityNotSupportedError } from '../jsonrpc/errors.js';
import { versionAtLeast } from '../versions.js';
import type { ClientCapabilities, JsonObject } from './types.js';

/**
 * Refuses a server→client request locally when the negotiated revision lacks it (`since`) or the
 * client did not declare the capability (`declared`, naming `mode` when one is needed).
 */
export function requireCapability(
  version: string,
  capability: string,
  since: string,
  declared: boolean,
  mode?: string,
): void {
  if (!versionAtLeast(version, since)) {
    throw new CapabilityNotSupportedError(
      capability,
      `protocol version ${version} does not have it (needs ${since} or later)`,
    );
  }
  if (!declared) {
    const what = mode === undefined ? capability : `${capability} (${mode})`;
    throw new CapabilityNotSupportedError(capability, `the client did not declare the ${what} capability`);
  }
}

/** sampling/createMessage: the capability, and `sampling.tools` (2025-11-25) when the request has tools. */
export function requireSampling(version: string, caps: ClientCapabilities, params: JsonObject): void {
  const sampling = caps.sampling;
  requireCapability(version, 'sampling', '2024-11-05', sampling !== undefined);
  if (params.tools !== undefined || params.toolChoice !== undefined) {
    requireCapability(version, 'sampling with tools', '2025-11-25', sampling?.tools !== undefined, 'tools');
  }
}

/** elicitation in form mode (2025-06-18) or URL mode (2025-11-25). */
export function requireElicitation(version: string, caps: ClientCapabilities, mode: 'form' | 'url'): void {
  const elicitation = caps.elicitation;
  if (mode === 'url') {
    requireCapability(version, 'URL elicitation', '2025-11-25', elicitation?.url !== undefined, 'url');
    return;
  }
  // An empty `elicitation: {}` declares form mode (how 2025-06-18 clients say it).
  const form = elicitation !== undefined && (elicitation.form !== undefined || elicitation.url === undefined);
  requireCapability(version, 'elicitation', '2025-06-18', form, 'form');
}
