import type { CallOptions, Client, RetryOptions } from '@weft/llm';
import type { ExecutionEnvironment } from '../environment/execution-environment.js';
import type { Turn } from '../history/turn.js';
import type { SessionHooks } from '../hooks/hook-points.js';
import type { ProviderProfile } from '../profile/provider-profile.js';
import type { SessionStore } from '../store/session-store.js';
import type { Tool } from '../tools/tool.js';
import type { Session } from './session.js';
import type { resolveSessionConfig } from './session-config.js';

/** Overrides of the config's defaults (compaction merged one level deep). */
export type SessionConfigOverrides = NonNullable<Parameters<typeof resolveSessionConfig>[0]>;

export interface SessionOptions {
  /** The model family's tools, prompt and capabilities; its model and provider are the session's first. */
  profile: ProviderProfile;
  /** Where tools run. The host owns it: the session never cleans it up. */
  env: ExecutionEnvironment;
  /** The @weft/llm client requests go through. The host owns it. */
  client: Client;
  config?: SessionConfigOverrides;
  /** Where turns are written before they are announced. */
  store?: SessionStore;
  hooks?: SessionHooks;
  /** Registered over the profile's tools (the latest registration of a name wins). */
  tools?: readonly Tool[];
  /** The host's own instructions, appended last to the system prompt. */
  instructions?: string;
  /** Default: a random UUID. */
  sessionId?: string;
  /** Nesting level: 0 for a top-level session, parent's depth + 1 for a subagent. */
  depth?: number;
  /** The session that spawned this one, for subagents. */
  parent?: Session;
  /** Turns to start from (written to the store first when there is one; resume and fork pass their own). */
  history?: readonly Turn[];
  /** The model of the first call when it is not the profile's (resume restores the last one used). */
  model?: string;
  /** The @weft/llm provider of the first call when it is not the profile's. */
  provider?: string;
  /** Retries of transient model errors (@weft/llm's policy and defaults; `sleep` and `random` for tests). */
  retry?: Omit<RetryOptions, 'signal'>;
  /** Per-call timeouts passed to the client (request and stream-idle timeouts). */
  callOptions?: Omit<CallOptions, 'signal'>;
  /**
   * Decides whether a text-only answer is a question that waits for the user: then the input ends
   * AWAITING_INPUT instead of IDLE. Absent (the default): never, since guessing is fragile; hosts
   * that want it can pass `endsWithQuestion` or their own rule.
   */
  awaitsInput?: (answer: string) => boolean;
}
