import { AnthropicAdapter, Client, OpenAIAdapter } from '@weft/llm';
import { match, type ScriptedTurn } from '@weft/testkit';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../events/session-event.js';
import { endsWithQuestion } from './ends-with-question.js';
import { Session } from './session.js';
import { SessionClosedError } from './session-errors.js';
import { type Harness, kinds, ofKind, recordEvents, startHarness, testProfile } from './testing/harness.js';
import { blockingTool, readFileTool, shellTool } from './testing/test-tools.js';

const text = (value: string, chunks?: string[]): ScriptedTurn => ({
  content: [{ type: 'text', text: value, ...(chunks ? { chunks } : {}) }],
});
const call = (name: string, args: Record<string, unknown>): ScriptedTurn => ({
  content: [{ type: 'tool_call', name, arguments: args }],
});

let harness: Harness;
afterEach(async () => {
  await harness?.close();
});

describe('Session states and lifecycle', () => {
  it('goes IDLE → PROCESSING → IDLE for a submit: session_start first, one processing_end', async () => {
    harness = await startHarness();
    harness.server.enqueue(text('hi'));
    const session = harness.session();
    const events = recordEvents(session);
    expect(session.state).toBe('IDLE');

    const run = session.submit('hello');
    expect(session.state).toBe('PROCESSING');
    const result = await run;

    expect(session.state).toBe('IDLE');
    expect(kinds(events, ['turn_appended'])).toEqual([
      'session_start',
      'state_change',
      'user_input',
      'assistant_text_start',
      'assistant_text_delta',
      'assistant_text_end',
      'processing_end',
      'state_change',
    ]);
    expect(ofKind(events, 'state_change').map((event) => event.data)).toEqual([
      { from: 'IDLE', to: 'PROCESSING' },
      { from: 'PROCESSING', to: 'IDLE' },
    ]);
    expect(ofKind(events, 'processing_end')[0]?.data).toEqual({
      state: 'IDLE',
      stopReason: 'completed',
      turns: 1,
      toolRounds: 0,
      usage: result.usage,
    });
    expect(ofKind(events, 'session_start')[0]?.data).toMatchObject({
      profile: 'test-anthropic',
      provider: 'anthropic',
      model: 'claude-sonnet-5-5',
      workingDirectory: harness.dir.path,
      resumed: false,
    });
  });

  it('waits in AWAITING_INPUT after a question only when the host opts in, and the answer resumes it', async () => {
    harness = await startHarness();
    harness.server.enqueue(text('Which file should I change?'), text('Changing a.ts.'), text('Which one?'));
    const session = harness.session({ awaitsInput: endsWithQuestion });

    expect(await session.submit('fix the bug')).toMatchObject({
      stopReason: 'awaiting_input',
      state: 'AWAITING_INPUT',
    });
    expect(session.state).toBe('AWAITING_INPUT');
    expect(await session.submit('a.ts')).toMatchObject({ stopReason: 'completed', state: 'IDLE' });

    const plain = harness.session();
    expect(await plain.submit('and?')).toMatchObject({ stopReason: 'completed', state: 'IDLE' });
  });

  it('closes from IDLE: state_change then session_end, the last event; then refuses every call', async () => {
    harness = await startHarness();
    const session = harness.session();
    const events = recordEvents(session);

    await session.close();
    await session.close();

    expect(kinds(events)).toEqual(['session_start', 'state_change', 'session_end']);
    expect(ofKind(events, 'session_end')[0]?.data).toEqual({ state: 'CLOSED', reason: 'closed' });
    await expect(session.submit('hi')).rejects.toBeInstanceOf(SessionClosedError);
    expect(() => session.steer('x')).toThrow(SessionClosedError);
    expect(() => session.followUp('x')).toThrow(SessionClosedError);
    await expect(session.setModel('other')).rejects.toBeInstanceOf(SessionClosedError);
  });

  it('abort during the model stream cancels it: the partial response is not recorded, the session ends CLOSED', async () => {
    harness = await startHarness();
    harness.server.enqueue({
      content: [{ type: 'text', text: 'partial answer', chunks: ['part', 'ial answer'] }],
      faults: { stall: { afterFrames: 4, ms: 60_000 } },
    });
    const session = harness.session();
    const events = recordEvents(session);
    session.on('assistant_text_delta', () => {
      void session.abort();
    });

    const result = await session.submit('go');

    expect(result).toMatchObject({ stopReason: 'aborted', state: 'CLOSED', turns: 0 });
    expect(session.history.map((turn) => turn.type)).toEqual(['user']);
    await session.abort();
    expect(kinds(events).slice(-3)).toEqual(['processing_end', 'state_change', 'session_end']);
    expect(ofKind(events, 'session_end')[0]?.data.reason).toBe('aborted');
  });

  it('relays a subagent’s events tagged with its id and closes it before its own session_end', async () => {
    harness = await startHarness();
    harness.server.enqueue(text('child answer'));
    const parent = harness.session();
    const child = harness.session({ depth: 1, parent });
    parent.registerChild(child, 'agent-7');
    const events = recordEvents(parent);

    await child.submit('child task');
    expect(parent.children.get('agent-7')).toBe(child);
    await parent.close();

    const relayed = events.filter((event) => event.agentId === 'agent-7');
    expect(relayed.map((event) => event.kind)).toContain('assistant_text_end');
    expect(relayed.every((event) => event.sessionId === child.id)).toBe(true);
    const order = events.map((event) => `${event.agentId ?? 'parent'}:${event.kind}`);
    expect(order.indexOf('agent-7:session_end')).toBeLessThan(order.indexOf('parent:session_end'));
    expect(order.at(-1)).toBe('parent:session_end');
    expect(child.state).toBe('CLOSED');
    expect(child.agentId).toBe('agent-7');
  });
});

describe('Session events', () => {
  it('gives every async subscriber every event in order, ending after session_end, however slowly it reads', async () => {
    harness = await startHarness();
    harness.server.enqueue(call('read_file', { file_path: 'a' }), text('done', ['do', 'ne']));
    await harness.env.writeFile('a', 'A');
    const session = harness.session({ tools: [readFileTool] });
    const fast: SessionEvent[] = [];
    const listened = recordEvents(session);
    const fastIterator = session.events();
    const slowIterator = session.events();
    const reading = (async () => {
      for await (const event of fastIterator) fast.push(event);
    })();

    await session.submit('read a');
    await session.close();
    await reading;
    const slow: SessionEvent[] = [];
    for await (const event of slowIterator) slow.push(event);

    expect(fast).toEqual(listened);
    expect(slow).toEqual(listened);
    expect(listened[0]?.kind).toBe('session_start');
    expect(listened.at(-1)?.kind).toBe('session_end');
  });

  it('keeps going when a listener throws, and reports it as a warning', async () => {
    harness = await startHarness();
    harness.server.enqueue(text('fine'));
    const session = harness.session();
    const events = recordEvents(session);
    session.on('user_input', () => {
      throw new Error('listener bug');
    });

    expect((await session.submit('hi')).text).toBe('fine');
    expect(ofKind(events, 'warning').map((event) => event.data)).toEqual([
      { code: 'listener_failed', message: 'A user_input listener threw: listener bug' },
    ]);
  });
});

describe('Session host controls', () => {
  it('setModel takes effect on the next model call and is announced', async () => {
    harness = await startHarness();
    harness.server.enqueue(text('one'), text('two'));
    const session = harness.session();
    const events = recordEvents(session);

    await session.submit('first');
    await session.setModel('claude-opus-5-1');
    await session.submit('second');

    expect(harness.server.requests.map((request) => request.model)).toEqual([
      'claude-sonnet-5-5',
      'claude-opus-5-1',
    ]);
    expect(ofKind(events, 'model_change')[0]?.data).toEqual({
      provider: 'anthropic',
      model: 'claude-opus-5-1',
      profile: 'test-anthropic',
    });
    expect(session.model).toBe('claude-opus-5-1');
  });

  it('switches provider mid-task: the Anthropic history (tool call, thinking with signature) is accepted by OpenAI', async () => {
    harness = await startHarness();
    const client = new Client({
      providers: [
        new AnthropicAdapter({ apiKey: 'k', baseUrl: harness.server.baseUrls.anthropic }),
        new OpenAIAdapter({ apiKey: 'k', baseUrl: harness.server.baseUrls.openai }),
      ],
    });
    await harness.env.writeFile('a.txt', 'alpha');
    harness.server.when(match.protocol('openai-responses'), text('OpenAI continues.')).enqueue(
      {
        content: [
          { type: 'reasoning', text: 'Read it first.', signature: 'sig-anthropic' },
          { type: 'tool_call', name: 'read_file', arguments: { file_path: 'a.txt' } },
        ],
      },
      text('Anthropic read it.'),
    );
    const session = new Session({
      profile: testProfile({ provider: 'anthropic', tools: [readFileTool] }),
      env: harness.env,
      client,
      retry: { sleep: async () => {} },
    });
    const openaiProfile = testProfile({ provider: 'openai', tools: [readFileTool] });

    await session.submit('read a.txt');
    await session.setModel('gpt-5.4', { profile: openaiProfile });
    const result = await session.submit('and now?');
    await session.close();
    await client.close();

    expect(result.text).toBe('OpenAI continues.');
    const last = harness.server.requests.at(-1);
    expect(last).toMatchObject({ protocol: 'openai-responses', outcome: { type: 'turn' } });
    expect(last?.rawBody).not.toContain('sig-anthropic');
    expect(last?.view.messages.flatMap((message) => message.toolResults.map((r) => r.content))).toEqual([
      'alpha',
    ]);
  });

  it('setReasoningEffort takes effect on the next call', async () => {
    harness = await startHarness({ provider: 'openai' });
    harness.server.enqueue(text('one'), text('two'));
    const session = harness.session({ config: { reasoningEffort: 'low' } });

    await session.submit('first');
    await session.setReasoningEffort('high');
    await session.submit('second');

    const efforts = harness.server.requests.map(
      (request) => (request.body.reasoning as { effort?: string })?.effort,
    );
    expect(efforts).toEqual(['low', 'high']);
    expect(session.reasoningEffort).toBe('high');
  });

  it('lets the host’s tools override the profile’s by name (latest registration wins)', async () => {
    harness = await startHarness();
    harness.server.enqueue(
      call('read_file', { file_path: 'x' }),
      text('ok'),
      call('read_file', { file_path: 'x' }),
      text('ok'),
    );
    const hostRead = {
      ...readFileTool,
      execute: async () => ({ content: [{ type: 'text' as const, text: 'host version' }] }),
    };
    const session = new Session({
      profile: testProfile({ tools: [readFileTool, shellTool] }),
      env: harness.env,
      client: harness.client,
      tools: [hostRead],
    });

    await session.submit('read');
    expect(session.tools.names().slice(0, 2)).toEqual(['read_file', 'shell']);
    expect(session.tools.get('read_file')).toBe(hostRead);
    expect(harness.server.requests[1]?.view.messages.at(-1)?.toolResults[0]?.content).toBe('host version');

    session.unregisterTool('read_file');
    await session.submit('read again');
    expect(harness.server.requests[3]?.view.messages.at(-1)?.toolResults[0]?.content).toMatch(
      /File not found/,
    );
    await session.close();
  });

  it('rebuilds the system prompt for every call, with the host’s instructions last', async () => {
    harness = await startHarness();
    harness.server.enqueue(call('shell', { command: 'echo "Use tabs." > AGENTS.md' }), text('done'));
    await harness.env.writeFile('AGENTS.md', 'Use spaces.');
    const session = harness.session({ tools: [shellTool], instructions: 'Answer in French.' });

    await session.submit('change the convention');

    const [first, second] = harness.server.requests.map((request) => request.view.system);
    expect(first).toContain('Use spaces.');
    expect(second).toContain('Use tabs.');
    expect(second?.trimEnd().endsWith('Answer in French.')).toBe(true);
  });

  it('adds up usage over calls and submits', async () => {
    harness = await startHarness();
    harness.server.enqueue(
      { ...call('read_file', { file_path: 'a' }), usage: { input: 100, output: 10 } },
      { ...text('one'), usage: { input: 200, output: 20 } },
      { ...text('two'), usage: { input: 300, output: 30 } },
    );
    await harness.env.writeFile('a', 'A');
    const session = harness.session({ tools: [readFileTool] });

    const first = await session.submit('a');
    const second = await session.submit('b');

    expect(first.usage).toMatchObject({ inputTokens: 300, outputTokens: 30 });
    expect(second.usage).toMatchObject({ inputTokens: 300, outputTokens: 30 });
    expect(session.usage).toMatchObject({ inputTokens: 600, outputTokens: 60, totalTokens: 660 });
  });

  it('delivers a steer made while idle with the next submit, right after its input', async () => {
    harness = await startHarness();
    harness.server.enqueue(text('ok'));
    const session = harness.session();
    const events = recordEvents(session);

    session.steer('keep it short');
    await session.submit('explain monads');

    // Anthropic wants alternating roles: the adapter merges the two user messages into one turn.
    const body = harness.server.requests[0]!.body as {
      messages: { role: string; content: { text?: string }[] }[];
    };
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'explain monads' },
          expect.objectContaining({ type: 'text', text: 'keep it short' }),
        ],
      },
    ]);
    expect(kinds(events, ['turn_appended', 'state_change', 'session_start']).slice(0, 2)).toEqual([
      'user_input',
      'steering_injected',
    ]);
  });

  it('keeps a follow-up made while idle for after the next submit’s input', async () => {
    harness = await startHarness();
    harness.server.enqueue(text('answer one'), text('answer two'));
    const session = harness.session();

    session.followUp('second question');
    const result = await session.submit('first question');

    expect(result).toMatchObject({ text: 'answer two', turns: 2 });
    expect(harness.server.requests[1]?.view.messages.map((message) => message.text)).toEqual([
      'first question',
      'answer one',
      'second question',
    ]);
  });

  it('makes another model call when a steering message arrives while the final answer streams', async () => {
    harness = await startHarness();
    harness.server.enqueue(text('I am done.', ['I am ', 'done.']), text('Adjusted.'));
    const session = harness.session();
    let steered = false;
    session.on('assistant_text_delta', () => {
      if (steered) return;
      steered = true;
      session.steer('one more thing');
    });

    const result = await session.submit('do it');

    expect(result).toMatchObject({ text: 'Adjusted.', turns: 2 });
    expect(harness.server.requests[1]?.view.messages.at(-1)).toMatchObject({
      role: 'user',
      text: 'one more thing',
    });
  });

  it('refuses an empty input', async () => {
    harness = await startHarness();
    const session = harness.session();
    await expect(session.submit('   ')).rejects.toThrow(/needs text or an image/);
    expect(() => session.steer('')).toThrow(/non-empty/);
  });

  it('runs a steer with interrupt only against running tools: calls not yet started are skipped', async () => {
    harness = await startHarness();
    const gate = blockingTool('wait_here');
    harness.server.enqueue(
      {
        content: [
          { type: 'tool_call', name: 'wait_here', arguments: {} },
          { type: 'tool_call', name: 'wait_here', arguments: { label: 'two' } },
        ],
      },
      text('ok'),
    );
    const session = harness.session({ tools: [gate.tool] });
    const events = recordEvents(session);

    const run = session.submit('go');
    await gate.started(1);
    session.steer('never mind', { interrupt: true });
    await run;

    expect(gate.calls).toHaveLength(1);
    expect(ofKind(events, 'tool_call_end').map((event) => event.data.modelText)).toEqual([
      'wait_here interrupted',
      'Skipped due to queued user message',
    ]);
  });
});
