import type { SessionEvent, SessionEventData, SessionEventKind } from '@weft/agent-core';

/** A session event as the session would emit it, for view tests. */
export function event<K extends SessionEventKind>(
  kind: K,
  data: SessionEventData[K],
  agentId?: string,
): SessionEvent {
  return {
    kind,
    timestamp: '2026-11-21T21:00:00.000Z',
    sessionId: 'test-session',
    data,
    ...(agentId === undefined ? {} : { agentId }),
  } as SessionEvent;
}

const USAGE = { inputTokens: 100, outputTokens: 10, totalTokens: 110 };

/** The end of a tool call with a text result. */
export function toolEnd(
  toolCallId: string,
  toolName: string,
  text: string,
  extra: Partial<SessionEventData['tool_call_end']> & { details?: unknown; isError?: boolean } = {},
): SessionEvent {
  const { details, isError, ...rest } = extra;
  return event('tool_call_end', {
    toolCallId,
    toolName,
    result: {
      content: [{ type: 'text', text }],
      ...(details === undefined ? {} : { details }),
      ...(isError ? { isError } : {}),
    },
    modelText: text,
    truncated: false,
    durationMs: 5,
    ...rest,
  });
}

/** The end of an answer. */
export function textEnd(text: string): SessionEvent {
  return event('assistant_text_end', {
    turnId: 't',
    text,
    reasoning: '',
    toolCalls: [],
    usage: USAGE,
    finishReason: { reason: 'stop', raw: 'end_turn' },
    provider: 'anthropic',
    model: 'claude-sonnet-5-5',
  });
}
