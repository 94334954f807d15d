import type { Usage } from '@weft/llm';
import type { StopReason } from '../events/session-event.js';
import type { SessionState } from './session-state.js';

/** What `submit()` resolves with once its input, and the follow-ups queued behind it, are processed. */
export interface SubmitResult {
  /** Why the last input processed stopped. */
  stopReason: StopReason;
  /** The session's state afterwards: IDLE, AWAITING_INPUT, or CLOSED. */
  state: SessionState;
  /** Model responses recorded for these inputs. */
  turns: number;
  toolRounds: number;
  usage: Usage;
  /** The text of the last model response ('' when there was none). */
  text: string;
  /** The error that stopped processing, as its error event reported it. */
  error?: { code: string; message: string };
}
