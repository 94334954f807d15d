import type { ProviderProfile } from '@weft/agent-core';
import type { ProfileToolLimits } from './tool-limits.js';

/** What `providerOptions()` returns (agent-core takes the type from @weft/llm, which profiles do not import). */
export type ProfileProviderOptions = ReturnType<NonNullable<ProviderProfile['providerOptions']>>;

/** A ProviderProfile with the output limits its tools should get in the session. */
export interface WeftProfile extends ProviderProfile {
  /**
   * The loop spec's per-tool output limits under this profile's tool names, in SessionConfig's
   * shape: spread them into the session config (the session keys limits by tool name, and its
   * defaults name only the generic tools).
   */
  readonly toolLimits: ProfileToolLimits;
}
