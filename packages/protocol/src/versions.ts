/** Protocol revisions of the legacy (stateful, `initialize`-based) era, oldest first. */
export const LEGACY_PROTOCOL_VERSIONS = ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25'] as const;

/** A legacy protocol revision. */
export type LegacyProtocolVersion = (typeof LEGACY_PROTOCOL_VERSIONS)[number];

/** Revisions of the modern (stateless, per-request `_meta`) era. */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;

/** A modern protocol revision. */
export type ModernProtocolVersion = (typeof MODERN_PROTOCOL_VERSIONS)[number];

/** Every revision this engine speaks, oldest first. */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [
  ...LEGACY_PROTOCOL_VERSIONS,
  ...MODERN_PROTOCOL_VERSIONS,
];

/** True when `version` is a modern revision this engine supports. */
export function isModernVersion(version: unknown): version is ModernProtocolVersion {
  return typeof version === 'string' && (MODERN_PROTOCOL_VERSIONS as readonly string[]).includes(version);
}

/** The newest legacy revision: the answer to an `initialize` asking for a revision we do not know. */
export const LATEST_PROTOCOL_VERSION: LegacyProtocolVersion = '2025-11-25';

/** True when `version` is a legacy revision this engine supports. */
export function isLegacyVersion(version: unknown): version is LegacyProtocolVersion {
  return typeof version === 'string' && (LEGACY_PROTOCOL_VERSIONS as readonly string[]).includes(version);
}

/**
 * Compares two revisions by date. Revisions are ISO dates, so string order is date order.
 * @returns a negative number when `a` is older than `b`, 0 when equal, positive when newer.
 */
export function compareVersions(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** True when the negotiated revision is `min` or newer. */
export function versionAtLeast(version: string, min: string): boolean {
  return compareVersions(version, min) >= 0;
}
