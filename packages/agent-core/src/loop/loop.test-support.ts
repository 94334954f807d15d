import type { ScriptedTurn } from '@weft/testkit';

/** A scripted text answer, optionally streamed in the given pieces. */
export const text = (value: string, chunks?: string[]): ScriptedTurn => ({
  content: [{ type: 'text', text: value, ...(chunks ? { chunks } : {}) }],
});

/** A scripted response calling each tool given, in order. */
export const calls = (...list: [string, Record<string, unknown> | string][]): ScriptedTurn => ({
  content: list.map(([name, args]) => ({ type: 'tool_call' as const, name, arguments: args })),
});

/** A scripted response calling one tool. */
export const call = (name: string, args: Record<string, unknown> | string): ScriptedTurn =>
  calls([name, args]);
