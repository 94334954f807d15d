import type { Message } from './content.js';
import type { Usage } from './usage.js';

export type FinishReasonKind = 'stop' | 'length' | 'tool_calls' | 'content_filter' | 'error' | 'other';

/** Why generation ended: the unified reason and the provider's own value. */
export interface FinishReason {
  reason: FinishReasonKind;
  raw: string | undefined;
}

export interface Warning {
  message: string;
  code?: string;
}

/** Rate-limit facts from response headers; informational only. */
export interface RateLimitInfo {
  requestsRemaining?: number;
  requestsLimit?: number;
  tokensRemaining?: number;
  tokensLimit?: number;
  resetAt?: Date;
}

export interface Response {
  id: string;
  /** The model that actually answered. */
  model: string;
  provider: string;
  /** The assistant message, with `origin` set. */
  message: Message;
  finishReason: FinishReason;
  usage: Usage;
  raw?: unknown;
  warnings: Warning[];
  rateLimit?: RateLimitInfo;
}
