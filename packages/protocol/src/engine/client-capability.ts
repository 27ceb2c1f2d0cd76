import { CapabilityNotSupportedError } from '../jsonrpc/errors.js';
import { versionAtLeast } from '../versions.js';

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
