import type { ImageContent, SessionState, Turn } from '@weft/agent-core';
import type { ReasoningEffort, Usage } from '@weft/llm';
import type { ModelUsageLine, StreamLine } from '../modes/stream-schema.js';

/** A command's id: any string or number the client chooses; echoed on its response. */
export type RpcId = string | number;

/**
 * The commands `weft --mode rpc` reads on stdin, one JSON object per line (README: "RPC").
 * Each is answered by one response line with its `id`.
 */
export type RpcCommand =
  /** Sends a message. While a run is going, `behavior` says what to do with it, else the command fails (`busy`). */
  | { id?: RpcId; type: 'prompt'; message: string; images?: ImageContent[]; behavior?: 'steer' | 'follow_up' }
  /** Redirects the running work after the current tool (with `interrupt`, running tools are stopped too). */
  | { id?: RpcId; type: 'steer'; message: string; interrupt?: boolean }
  /** Queues a message processed after the current run, in the same run. */
  | { id?: RpcId; type: 'follow_up'; message: string }
  /** Stops the run; the conversation continues in a reopened session with the same id. */
  | { id?: RpcId; type: 'abort' }
  /** `provider/model` or a model id, from the next model call. */
  | { id?: RpcId; type: 'set_model'; model: string }
  | { id?: RpcId; type: 'set_effort'; effort: ReasoningEffort | null }
  /** Compacts the history now (after the current run when one is going). */
  | { id?: RpcId; type: 'compact' }
  | { id?: RpcId; type: 'get_state' }
  | { id?: RpcId; type: 'get_messages' }
  /** A new session continuing a copy of `sessionId` (default: the current one) up to `entryId` (default: its end). */
  | { id?: RpcId; type: 'fork'; sessionId?: string; entryId?: string }
  /** A new, empty session with the current model. */
  | { id?: RpcId; type: 'new_session' }
  /** Closes the session and exits (code 0) once this command is answered. */
  | { id?: RpcId; type: 'shutdown' };

export type RpcCommandType = RpcCommand['type'];

export const RPC_COMMANDS: readonly RpcCommandType[] = [
  'prompt',
  'steer',
  'follow_up',
  'abort',
  'set_model',
  'set_effort',
  'compact',
  'get_state',
  'get_messages',
  'fork',
  'new_session',
  'shutdown',
];

export interface RpcState {
  sessionId: string;
  state: SessionState;
  cwd: string;
  provider: string;
  model: string;
  profile: string;
  effort: ReasoningEffort | null;
  tools: string[];
  /** Turns in the history. */
  historyLength: number;
  /** Whether sessions are saved (false with --no-session). */
  persistent: boolean;
  /** This process's spend so far. */
  usage: Usage;
  models: ModelUsageLine[];
  costUsd: number | null;
}

/** What each command's successful response carries in `data`. */
export interface RpcResponseData {
  prompt: { sessionId: string; queued?: 'steer' | 'follow_up' };
  steer: Record<string, never>;
  follow_up: Record<string, never>;
  abort: { sessionId: string };
  set_model: { provider: string; model: string; profile: string };
  set_effort: { effort: ReasoningEffort | null };
  compact: {
    ok: boolean;
    tokensBefore: number;
    tokensAfter?: number;
    replacedTurns?: number;
    error?: string;
  };
  get_state: RpcState;
  get_messages: { sessionId: string; turns: readonly Turn[] };
  fork: { sessionId: string };
  new_session: { sessionId: string };
  shutdown: Record<string, never>;
}

/**
 * Why a command failed: `parse` (not JSON), `invalid_command` (unknown type or missing field),
 * `busy` (a prompt while a run is going, without `behavior`), `invalid_argument` (an unknown model
 * or effort, a session that cannot be found), `failed` (anything else; the message says what).
 */
export type RpcErrorCode = 'parse' | 'invalid_command' | 'busy' | 'invalid_argument' | 'failed';

export type RpcResponse<C extends RpcCommandType = RpcCommandType> = {
  [K in C]:
    | { type: 'response'; id: RpcId | null; command: K | 'parse'; success: true; data: RpcResponseData[K] }
    | {
        type: 'response';
        id: RpcId | null;
        command: K | 'parse';
        success: false;
        error: { code: RpcErrorCode; message: string };
      };
}[C];

/** Every line `weft --mode rpc` writes on stdout. */
export type RpcOutputLine = StreamLine | RpcResponse;
