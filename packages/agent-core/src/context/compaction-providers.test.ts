import { Message } from '@weft/llm';
import type { ScriptedTurn } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { compactHistory } from './compact-history.js';
import { isContextOverflow } from './compact-if-needed.js';
import {
  FILE_TOOLS,
  MODELS,
  type NativeProvider,
  recordHistory,
  type ServerAndClient,
  startServerAndClient,
  turnsToMessages,
} from './context.test-support.js';

const PROVIDERS: NativeProvider[] = ['anthropic', 'openai', 'gemini'];

const call = (name: string, file: string, n: number) => ({
  type: 'tool_call' as const,
  name,
  arguments: { file_path: file },
  id: `call_${n}`,
  // Gemini 3 wants each call of the current turn replayed with the signature it came with.
  thoughtSignature: `sig-${n}`,
});
const text = (value: string): ScriptedTurn => ({ content: [{ type: 'text', text: value }] });

/** Three requests of a session; the last is mid-task, with two parallel calls answered. */
const SCRIPT: { prompt: string; turns: ScriptedTurn[] }[] = [
  {
    prompt: 'Fix the bug in a.ts',
    turns: [
      { content: [call('read_file', 'a.ts', 1)] },
      { content: [call('edit_file', 'a.ts', 2)] },
      text('Fixed a.ts.'),
    ],
  },
  {
    prompt: 'Now compare b.ts and c.ts',
    turns: [
      { content: [call('read_file', 'b.ts', 3), call('read_file', 'c.ts', 4)] },
      text('They differ in one line.'),
    ],
  },
  {
    prompt: 'Read d.ts and e.ts',
    turns: [{ content: [call('read_file', 'd.ts', 5), call('read_file', 'e.ts', 6)] }, text('Read both.')],
  },
];

let h: ServerAndClient;
beforeEach(async () => {
  h = await startServerAndClient();
});
afterEach(async () => {
  await h.close();
});

describe.each(PROVIDERS)('a compacted history sent to %s', (provider) => {
  it('is accepted by the strict server as it stands, with nothing for history repair to fix', async () => {
    const recorded = await recordHistory(h, provider, SCRIPT, (name) => `${name} output ${'x'.repeat(400)}`);
    // Stop mid-task: the last tool round answered, the model not yet called again (where automatic compaction runs).
    const history = recorded.slice(0, -1);
    expect(history.at(-1)?.type).toBe('tool_results');

    h.server.enqueue(text('## Goal\nFix bugs and compare files.'));
    // Keeping ~150 tokens reaches into the last tool round's results: the cut moves back to the
    // assistant turn that made the calls, so the kept part starts with the calls and their results.
    const result = await compactHistory({
      history,
      client: h.client,
      provider,
      model: MODELS[provider],
      config: { reserveTokens: 2_000, keepRecentTokens: 150 },
      retry: { maxRetries: 0 },
    });
    expect(result.keptTurns.map((turn) => turn.type)).toEqual(['assistant', 'tool_results']);
    expect(result.summaryTurn.readFiles).toEqual(['b.ts', 'c.ts']);
    expect(result.summaryTurn.modifiedFiles).toEqual(['a.ts']);

    h.server.enqueue(text('Both read; d.ts is longer.'));
    const repairsBefore = h.repairs.length;
    const response = await h.client.complete({
      model: MODELS[provider],
      provider,
      messages: turnsToMessages(result.history),
      tools: FILE_TOOLS,
    });
    expect(h.server.lastRequest?.outcome).toEqual({ type: 'turn', status: 200 });
    expect(h.repairs.slice(repairsBefore).flat()).toEqual([]);
    expect(response.message.content).toEqual([{ kind: 'text', text: 'Both read; d.ts is longer.' }]);
    const sent = h.server.lastRequest?.view.messages ?? [];
    expect(sent[0]?.text).toContain('## Goal\nFix bugs and compare files.');
    expect(sent.flatMap((message) => message.toolCalls.map((c) => c.arguments))).toEqual([
      { file_path: 'd.ts' },
      { file_path: 'e.ts' },
    ]);
  });
});

describe('which failures mean "compact" (seed 004 §J.9 4.3 and 5.3, pi #1038 and 7a896fd)', () => {
  const failure = async (
    provider: NativeProvider,
    kind: 'rate_limit' | 'context_overflow' | 'invalid_request' | 'overloaded',
  ) => {
    h.server.enqueue({
      error: {
        kind,
        message:
          kind === 'invalid_request' ? 'messages.1.content.0: thinking blocks must come first' : undefined,
      },
    });
    return h.client
      .complete({ model: MODELS[provider], provider, messages: [Message.user('hi')] })
      .catch((error: unknown) => error);
  };

  it.each(PROVIDERS)(
    '%s: a 429, an invalid request or an overloaded server is not a context overflow; an overflow is',
    async (provider) => {
      expect(isContextOverflow(await failure(provider, 'rate_limit'))).toBe(false);
      expect(isContextOverflow(await failure(provider, 'invalid_request'))).toBe(false);
      expect(isContextOverflow(await failure(provider, 'overloaded'))).toBe(false);
      expect(isContextOverflow(await failure(provider, 'context_overflow'))).toBe(true);
    },
  );
});
