import type { ConversationView } from '../protocols/conversation-view.js';
import type { Protocol } from '../script/scripted-turn.js';

/** One request the server received, kept for assertions. */
export interface RecordedRequest {
  /** 0-based arrival order. */
  index: number;
  protocol: Protocol;
  method: string;
  /** The URL path ('/v1/messages'). */
  path: string;
  query: Record<string, string>;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The parsed JSON body. */
  body: Record<string, unknown>;
  /** The body exactly as it arrived. */
  rawBody: string;
  /** The model the request named (body field, or the Gemini path). */
  model: string;
  stream: boolean;
  /** The request as a provider-neutral conversation. */
  view: ConversationView;
  /** What the server answered. */
  outcome: RequestOutcome;
}

export type RequestOutcome =
  | { type: 'pending' }
  | { type: 'turn'; status: 200 }
  | { type: 'scripted-error'; status: number }
  | { type: 'rejected'; status: number; message: string }
  | { type: 'unscripted'; status: 500 };
