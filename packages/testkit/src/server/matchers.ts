import type { Protocol } from '../script/scripted-turn.js';
import type { RecordedRequest } from './recorded-request.js';

/** Decides whether a rule answers a request. */
export type RequestMatcher = (request: RecordedRequest) => boolean;

/** A matcher written as data (for script files): every given field must hold. */
export interface MatcherSpec {
  /** The last message carries tool results. */
  afterToolResult?: boolean;
  /** The last message that has text matches this regular expression. */
  lastUserText?: string;
  protocol?: Protocol;
  /** The request offers a tool with this name. */
  tool?: string;
  /** The system instructions match this regular expression. */
  system?: string;
}

/** Ready-made matchers for the common cases. */
export const match = {
  /** The request's last message carries a tool result: "after the tool ran, answer with text". */
  afterToolResult: (): RequestMatcher => (request) =>
    (request.view.messages.at(-1)?.toolResults.length ?? 0) > 0,
  /** The last message with text (usually the user's) matches. */
  lastUserText:
    (pattern: string | RegExp): RequestMatcher =>
    (request) => {
      const regex = typeof pattern === 'string' ? new RegExp(pattern) : pattern;
      const last = [...request.view.messages].reverse().find((m) => m.role === 'user' && m.text !== '');
      return last !== undefined && regex.test(last.text);
    },
  protocol:
    (protocol: Protocol): RequestMatcher =>
    (request) =>
      request.protocol === protocol,
  offersTool:
    (name: string): RequestMatcher =>
    (request) =>
      request.view.tools.includes(name),
  system:
    (pattern: string | RegExp): RequestMatcher =>
    (request) =>
      (typeof pattern === 'string' ? new RegExp(pattern) : pattern).test(request.view.system),
  all:
    (...matchers: RequestMatcher[]): RequestMatcher =>
    (request) =>
      matchers.every((m) => m(request)),
};

export function compileMatcher(spec: MatcherSpec): RequestMatcher {
  const parts: RequestMatcher[] = [];
  if (spec.afterToolResult !== undefined) {
    const after = match.afterToolResult();
    parts.push((request) => after(request) === spec.afterToolResult);
  }
  if (spec.lastUserText !== undefined) parts.push(match.lastUserText(spec.lastUserText));
  if (spec.protocol !== undefined) parts.push(match.protocol(spec.protocol));
  if (spec.tool !== undefined) parts.push(match.offersTool(spec.tool));
  if (spec.system !== undefined) parts.push(match.system(spec.system));
  return match.all(...parts);
}
