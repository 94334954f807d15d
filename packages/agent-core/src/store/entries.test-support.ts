import type { Message } from '@weft/llm';
import type { AssistantTurn, ToolResultsTurn, Turn, UserTurn } from '../history/turn.js';
import type { SessionEntry, SessionHeader, TurnEntry } from './session-store.js';
import { SESSION_FORMAT_VERSION } from './session-store.js';

/** Builders for store tests: every turn type and entry type, with realistic fields. */

export const T0 = Date.parse('2026-03-14T10:00:00.000Z');
/** An ISO timestamp `seconds` after T0. */
export const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

export function header(sessionId: string, overrides: Partial<SessionHeader> = {}): SessionHeader {
  return {
    type: 'header',
    version: SESSION_FORMAT_VERSION,
    sessionId,
    createdAt: at(0),
    workingDirectory: '/work/project',
    profile: 'anthropic',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    ...overrides,
  };
}

export function userTurn(id: string, text: string, seconds = 0): UserTurn {
  return { type: 'user', id, timestamp: at(seconds), content: [{ type: 'text', text }] };
}

export function assistantTurn(
  id: string,
  text: string,
  options: { model?: string; input?: number; output?: number; toolCallId?: string; seconds?: number } = {},
): AssistantTurn {
  const model = options.model ?? 'claude-sonnet-4-5';
  const message: Message = {
    role: 'assistant',
    origin: { provider: 'anthropic', model },
    content: [
      { kind: 'thinking', thinking: { text: 'Let me look.', signature: 'sig-abc', redacted: false } },
      { kind: 'text', text },
      ...(options.toolCallId
        ? [
            {
              kind: 'tool_call' as const,
              toolCall: { id: options.toolCallId, name: 'Read', arguments: { file_path: 'a.ts' } },
            },
          ]
        : []),
    ],
  };
  const input = options.input ?? 1000;
  const output = options.output ?? 200;
  return {
    type: 'assistant',
    id,
    timestamp: at(options.seconds ?? 0),
    message,
    usage: { inputTokens: input, outputTokens: output, totalTokens: input + output, cacheReadTokens: 0 },
    finishReason: {
      reason: options.toolCallId ? 'tool_calls' : 'stop',
      raw: options.toolCallId ? 'tool_use' : 'end_turn',
    },
    provider: 'anthropic',
    model,
    responseId: `msg_${id}`,
  };
}

export function toolResultsTurn(id: string, toolCallId: string, output: string): ToolResultsTurn {
  return {
    type: 'tool_results',
    id,
    timestamp: at(0),
    results: [
      {
        toolCallId,
        toolName: 'Read',
        content: [{ type: 'text', text: output }],
        isError: false,
        details: { totalLines: output.split('\n').length },
      },
    ],
  };
}

export function summaryTurn(id: string, summary: string, firstKeptTurnId: string | undefined): Turn {
  return {
    type: 'summary',
    id,
    timestamp: at(0),
    summary,
    replacedTurns: 3,
    firstKeptTurnId,
    readFiles: ['a.ts'],
    modifiedFiles: ['b.ts'],
  };
}

/** Entries chained by parentId: each follows the one before it. */
export function chain(...turns: Turn[]): TurnEntry[] {
  return turns.map((turn, index) => turnEntry(turn, index === 0 ? null : (turns[index - 1]?.id ?? null)));
}

export function turnEntry(turn: Turn, parentId: string | null): TurnEntry {
  return { type: 'turn', id: turn.id, parentId, timestamp: turn.timestamp, turn };
}

/** One entry of every type (turns of every type included), chained. */
export function everyEntryType(): SessionEntry[] {
  const turns: Turn[] = [
    userTurn('u1', 'Fix the failing test in parser.ts'),
    assistantTurn('a1', 'Reading the file.', { toolCallId: 'call_1' }),
    toolResultsTurn(
      'r1',
      'call_1',
      '1\texport const x = 1;\n2\t// “quotes”, emoji 🧵, CJK 文件, U+2028:\u2028end',
    ),
    { type: 'system', id: 's1', timestamp: at(0), content: 'Context is 80% full.' },
    { type: 'steering', id: 'st1', timestamp: at(0), content: 'Use vitest, not jest.', source: 'host' },
    { type: 'steering', id: 'st2', timestamp: at(0), content: 'Loop detected.', source: 'loop_detection' },
  ];
  const entries: SessionEntry[] = chain(...turns);
  entries.push(
    {
      type: 'model_change',
      id: 'm1',
      parentId: 'st2',
      timestamp: at(1),
      provider: 'openai',
      model: 'gpt-5',
      profile: 'openai',
    },
    { type: 'effort_change', id: 'e1', parentId: 'm1', timestamp: at(2), reasoningEffort: 'high' },
    { type: 'effort_change', id: 'e2', parentId: 'e1', timestamp: at(3), reasoningEffort: null },
    {
      type: 'compaction',
      id: 'c1',
      parentId: 'e2',
      timestamp: at(4),
      summaryTurn: summaryTurn('c1', '## Goal\nFix the test.', 'r1'),
      firstKeptEntryId: 'r1',
    },
  );
  return entries;
}

/**
 * The n-th entry of the crash test's session: a chain alternating user prompts, assistant turns
 * and, every fifth entry, a 200 KB tool result (large writes widen the window a kill can land in).
 */
export function crashEntry(n: number): SessionEntry {
  const id = `e${n}`;
  const turn: Turn =
    n % 5 === 4
      ? toolResultsTurn(id, `call_${n - 1}`, `${n}:`.padEnd(200_000, 'x'))
      : n % 2 === 0
        ? userTurn(id, `prompt ${n}`, n)
        : assistantTurn(id, `answer ${n}`, { toolCallId: `call_${n}`, seconds: n });
  return turnEntry(turn, n === 0 ? null : `e${n - 1}`);
}
