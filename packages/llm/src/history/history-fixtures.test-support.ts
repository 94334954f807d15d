import type { ContentPart, Message, MessageOrigin } from '../types/content.js';

/** Small builders so each test's history reads as the conversation it is. */
export const user = (text: string): Message => ({ role: 'user', content: [{ kind: 'text', text }] });

export const call = (id: string, name = 'read_file', signature?: string): ContentPart => ({
  kind: 'tool_call',
  toolCall: { id, name, arguments: { path: 'a.ts' }, ...(signature === undefined ? {} : { signature }) },
});

export const assistant = (content: ContentPart[], origin?: MessageOrigin): Message => ({
  role: 'assistant',
  content,
  ...(origin === undefined ? {} : { origin }),
});

export const result = (id: string, content = `result of ${id}`): Message => ({
  role: 'tool',
  toolCallId: id,
  content: [{ kind: 'tool_result', toolResult: { toolCallId: id, content, isError: false } }],
});

/** Freezes a value and everything in it, so a test fails if the code under test mutates its input. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The tool-call ids of a history, in order, as `call:<id>` and `result:<id>`. */
export function idTrail(messages: readonly Message[]): string[] {
  return messages.flatMap((message) =>
    message.content.flatMap((part) =>
      part.kind === 'tool_call'
        ? [`call:${part.toolCall.id}`]
        : part.kind === 'tool_result'
          ? [`result:${part.toolResult.toolCallId}`]
          : [],
    ),
  );
}
