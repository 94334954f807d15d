import type { IdFactory } from '../script/ids.js';
import type { ResolvedTurn } from '../script/resolve-turn.js';
import type { ErrorKind, Protocol, ScriptedHttpError } from '../script/scripted-turn.js';
import type { ConversationView } from './conversation-view.js';
import type { SignatureRegistry } from './signature-registry.js';

/** A complete HTTP answer. */
export interface Reply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A streamed answer, frame by frame, plus what the transport needs to inject faults. */
export interface StreamPlan {
  headers: Record<string, string>;
  /** Every frame of a clean stream, serialized exactly as sent, terminal frames included. */
  frames: string[];
  /** The frames that report an error in the middle of this stream. */
  errorFrames(kind: ErrorKind, message: string | undefined): string[];
  /** A frame in this protocol's framing whose JSON is broken. */
  malformedFrame(text: string | undefined): string;
}

/** What routing learned from the method and URL. */
export interface RouteMatch {
  /** The model named in the path (Gemini), if any. */
  pathModel?: string;
  /** Whether the path asks for a stream (Gemini's streamGenerateContent). */
  pathStream?: boolean;
}

/** Everything an encoder may need besides the turn. */
export interface CodecContext {
  ids: IdFactory;
  /** The parsed request body. */
  body: Record<string, unknown>;
  route: RouteMatch;
  /** Reasoning signatures this server has handed out, so it can recognise them when echoed back. */
  signatures: SignatureRegistry;
}

/** One provider's wire protocol: routing, request judging, and response encoding. */
export interface ProtocolCodec {
  readonly protocol: Protocol;
  /** Claims a request by method and URL, or returns undefined. */
  route(method: string, url: URL): RouteMatch | undefined;
  isStream(body: Record<string, unknown>, route: RouteMatch, url: URL): boolean;
  model(body: Record<string, unknown>, route: RouteMatch): string;
  /** The key the request carries, however this provider sends it. */
  apiKey(headers: Record<string, string | string[] | undefined>, url: URL): string | undefined;
  /** A request the real service would reject, answered with its real 400; undefined when acceptable. */
  validate(context: CodecContext): Reply | undefined;
  encodeResponse(turn: ResolvedTurn, context: CodecContext): Reply;
  encodeStream(turn: ResolvedTurn, context: CodecContext): StreamPlan;
  encodeError(error: ScriptedHttpError, context: CodecContext): Reply;
  /** The request as a provider-neutral conversation, for matchers and assertions. */
  view(body: Record<string, unknown>): ConversationView;
}

/** Sets retry-related headers the SDKs read; shared by every protocol's error encoder. */
export function retryHeaders(error: ScriptedHttpError): Record<string, string> {
  const headers: Record<string, string> = {};
  if (error.retryAfterSeconds !== undefined) headers['retry-after'] = String(error.retryAfterSeconds);
  if (error.retryAfterMs !== undefined) headers['retry-after-ms'] = String(error.retryAfterMs);
  if (error.shouldRetry !== undefined) headers['x-should-retry'] = String(error.shouldRetry);
  return { ...headers, ...error.headers };
}

export type UnknownRecord = Record<string, unknown>;

export function isRecord(value: unknown): value is UnknownRecord {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
