import {
  DEFAULT_TOOL_CHAR_LIMITS,
  DEFAULT_TOOL_LINE_LIMITS,
  DEFAULT_TOOL_TRUNCATION_MODES,
  type TruncationMode,
} from '@weft/agent-core';

/**
 * Per-tool limits for what the model sees, in the shape of SessionConfig's fields, so a host can
 * spread them into its session config. The session keys its limits by tool name, and the loop
 * spec's defaults name the generic tools (read_file, shell, ...): without these, a profile's
 * `Bash` or `run_shell_command` would get the fallback limit for unknown tools.
 */
export interface ProfileToolLimits {
  toolOutputLimits: Record<string, number>;
  toolLineLimits: Record<string, number>;
  toolTruncationModes: Record<string, TruncationMode>;
}

/**
 * The loop spec's limits (§5.2, §5.3) carried over to a profile's names: `aliases` maps each
 * profile tool to the generic tool whose limits it takes. `charOverrides` replaces a character
 * limit where the reference agent's own cap is larger (its format already marks what it cut).
 */
export function limitsFromGeneric(
  aliases: Readonly<Record<string, string>>,
  charOverrides: Readonly<Record<string, number>> = {},
): ProfileToolLimits {
  const limits: ProfileToolLimits = { toolOutputLimits: {}, toolLineLimits: {}, toolTruncationModes: {} };
  for (const [name, generic] of Object.entries(aliases)) {
    const chars = charOverrides[name] ?? DEFAULT_TOOL_CHAR_LIMITS[generic];
    if (chars !== undefined) limits.toolOutputLimits[name] = chars;
    const lines = DEFAULT_TOOL_LINE_LIMITS[generic];
    if (lines !== undefined) limits.toolLineLimits[name] = lines;
    const mode = DEFAULT_TOOL_TRUNCATION_MODES[generic];
    if (mode !== undefined) limits.toolTruncationModes[name] = mode;
  }
  return limits;
}
