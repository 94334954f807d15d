import { afterEach, describe, expect, it } from 'vitest';
import {
  type Harness,
  kinds,
  ofKind,
  recordEvents,
  startHarness,
  TEST_PROVIDERS,
  type TestProvider,
} from '../session/testing/harness.js';
import { blockingTool, readFileTool } from '../session/testing/test-tools.js';
import { text } from './loop.test-support.js';

let harness: Harness;
afterEach(async () => {
  await harness?.close();
});

type Body = Record<string, unknown>;

/** Where each wire protocol puts a tool's result in the next request, and what it says. */
const TOOL_RESULT_IN_BODY: Record<TestProvider, (body: Body) => { id: unknown; output: unknown }> = {
  anthropic: (body) => {
    const last = (
      body.messages as { content: { type: string; tool_use_id?: string; content?: unknown }[] }[]
    ).at(-1);
    const block = last?.content.find((part) => part.type === 'tool_result');
    return { id: block?.tool_use_id, output: block?.content };
  },
  openai: (body) => {
    const item = (body.input as { type?: string; call_id?: string; output?: unknown }[]).find(
      (entry) => entry.type === 'function_call_output',
    );
    return { id: item?.call_id, output: item?.output };
  },
  gemini: (body) => {
    const parts = (body.contents as { parts: { functionResponse?: { name: string; response: unknown } }[] }[])
      .flatMap((content) => content.parts)
      .filter((part) => part.functionResponse);
    return {
      id: parts[0]?.functionResponse?.name,
      output: JSON.stringify(parts[0]?.functionResponse?.response),
    };
  },
  'openai-chat': (body) => {
    const message = (body.messages as { role: string; tool_call_id?: string; content?: unknown }[]).find(
      (entry) => entry.role === 'tool',
    );
    return { id: message?.tool_call_id, output: message?.content };
  },
};

describe.each(TEST_PROVIDERS)('the stream and tool loop on %s', (provider) => {
  it('streams text as it arrives, runs the tool, sends its result in the provider’s own shape, and finishes', async () => {
    harness = await startHarness({ provider });
    await harness.env.writeFile('notes.md', 'remember the milk');
    harness.server.enqueue(
      {
        content: [
          { type: 'text', text: 'Let me look.', chunks: ['Let ', 'me look.'] },
          { type: 'tool_call', name: 'read_file', arguments: { file_path: 'notes.md' }, argumentChunks: 5 },
        ],
      },
      text('It says: remember the milk.', ['It says: ', 'remember ', 'the milk.']),
    );
    const session = harness.session({ tools: [readFileTool] });
    const events = recordEvents(session);

    const result = await session.submit('What do my notes say?');

    expect(result).toMatchObject({
      stopReason: 'completed',
      turns: 2,
      toolRounds: 1,
      text: 'It says: remember the milk.',
    });
    expect(
      ofKind(events, 'assistant_text_delta')
        .map((event) => event.data.delta)
        .join(''),
    ).toBe('Let me look.It says: remember the milk.');
    expect(kinds(events, ['turn_appended', 'assistant_text_delta', 'tool_call_output_delta'])).toEqual([
      'session_start',
      'state_change',
      'user_input',
      'assistant_text_start',
      'assistant_text_end',
      'tool_call_start',
      'tool_call_end',
      'assistant_text_start',
      'assistant_text_end',
      'processing_end',
      'state_change',
    ]);
    const call = ofKind(events, 'assistant_text_end')[0]?.data.toolCalls[0];
    expect(call).toMatchObject({ name: 'read_file', arguments: { file_path: 'notes.md' } });

    const sent = TOOL_RESULT_IN_BODY[provider](harness.server.requests[1]!.body);
    expect(String(sent.output)).toContain('remember the milk');
    expect(sent.id).toBe(provider === 'gemini' ? 'read_file' : call?.id);
    expect(harness.server.requests.every((request) => request.outcome.type === 'turn')).toBe(true);
    expect(harness.server.requests[0]?.view.system).toContain('You are a test agent.');
  });

  it('sends a steering message as a user message in the next request', async () => {
    harness = await startHarness({ provider });
    const gate = blockingTool('build');
    harness.server.enqueue(
      { content: [{ type: 'tool_call', name: 'build', arguments: {} }] },
      text('Switching.'),
    );
    const session = harness.session({ tools: [gate.tool] });

    const run = session.submit('build it');
    await gate.started(1);
    session.steer('Use the release profile.');
    gate.release();
    await run;

    const next = harness.server.requests[1];
    expect(next?.outcome.type).toBe('turn');
    const lastUser = [...(next?.view.messages ?? [])].reverse().find((message) => message.role === 'user');
    expect(lastUser?.text).toBe('Use the release profile.');
  });

  it('relays streamed reasoning as assistant_reasoning events and keeps it in history', async () => {
    harness = await startHarness({ provider });
    harness.server.enqueue({
      content: [
        {
          type: 'reasoning',
          text: 'The user greets me.',
          chunks: ['The user ', 'greets me.'],
          signature: `sig-${provider}`,
        },
        { type: 'text', text: 'Hello!' },
      ],
    });
    const session = harness.session({ config: { reasoningEffort: 'medium' } });
    const events = recordEvents(session);

    await session.submit('hi');

    const reasoning = ofKind(events, 'assistant_reasoning_delta')
      .map((event) => event.data.delta)
      .join('');
    const end = ofKind(events, 'assistant_text_end')[0]?.data;
    // With a reasoning effort set, every adapter asks its provider for readable reasoning.
    expect(reasoning).toBe('The user greets me.');
    expect(ofKind(events, 'assistant_reasoning_start')).toHaveLength(1);
    expect(ofKind(events, 'assistant_reasoning_end')[0]?.data.text).toBe('The user greets me.');
    expect(end).toMatchObject({ reasoning: 'The user greets me.', text: 'Hello!' });
    const stored = session.history[1];
    expect(
      stored?.type === 'assistant' && stored.message.content.some((part) => part.kind === 'thinking'),
    ).toBe(true);
  });
});
