import { match, type ScriptedTurn } from '@weft/testkit';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { defineTool, textResult } from '../tools/tool.js';
import { SessionBusyError, SessionClosedError } from './session-errors.js';
import { type Harness, kinds, ofKind, recordEvents, startHarness } from './testing/harness.js';
import { blockingTool, editFileTool, readFileTool, shellTool, writeFileTool } from './testing/test-tools.js';

/**
 * Seed 004 §J.9: the 26 agent integration cases, each against the fake model server through the
 * real @weft/llm client, adapter and SDK, with real tools on real files and processes. Cases about
 * another framework's plumbing (signal routing, a live API) are adapted; the test name says how.
 */

const text = (value: string, chunks?: string[]): ScriptedTurn => ({
  content: [{ type: 'text', text: value, ...(chunks ? { chunks } : {}) }],
});
const call = (name: string, args: Record<string, unknown>): ScriptedTurn => ({
  content: [{ type: 'tool_call', name, arguments: args }],
});
const calls = (...list: [string, Record<string, unknown>][]): ScriptedTurn => ({
  content: list.map(([name, args]) => ({ type: 'tool_call' as const, name, arguments: args })),
});

let harness: Harness;
afterEach(async () => {
  await harness?.close();
});

describe('1. the loop pipeline', () => {
  it('1.1 smoke: a text prompt gets a text answer and no error', async () => {
    harness = await startHarness();
    harness.server.enqueue(text('Hello! How can I help?'));
    const session = harness.session();
    const events = recordEvents(session);

    const result = await session.submit('Hi');

    expect(result).toMatchObject({ stopReason: 'completed', state: 'IDLE', text: 'Hello! How can I help?' });
    expect(ofKind(events, 'error')).toEqual([]);
    expect(session.state).toBe('IDLE');
  });

  it('1.2 one tool call: the model asks for read_file, the result goes back, the answer uses it', async () => {
    harness = await startHarness();
    await harness.env.writeFile('test.txt', 'the secret is 42');
    harness.server
      .when(match.afterToolResult(), (request) =>
        text(`The file says: ${request.view.messages.at(-1)?.toolResults[0]?.content}`),
      )
      .enqueue(call('read_file', { file_path: 'test.txt' }));
    const session = harness.session({ tools: [readFileTool] });

    const result = await session.submit('Read test.txt');

    expect(result.text).toBe('The file says: the secret is 42');
    expect(harness.server.requests[1]?.view.messages.at(-1)?.toolResults).toMatchObject([
      { content: 'the secret is 42', isError: false },
    ]);
  });

  it('1.3 several tools in a row: read, then edit, each run for real', async () => {
    harness = await startHarness();
    await harness.env.writeFile('app.ts', 'const greeting = "hello";\n');
    harness.server.enqueue(
      call('read_file', { file_path: 'app.ts' }),
      call('edit_file', { file_path: 'app.ts', old_string: '"hello"', new_string: '"goodbye"' }),
      call('shell', { command: 'cat app.ts' }),
      text('Changed the greeting.'),
    );
    const session = harness.session({ tools: [readFileTool, editFileTool, writeFileTool, shellTool] });
    const events = recordEvents(session);

    const result = await session.submit('Change the greeting to goodbye');

    expect(result).toMatchObject({ stopReason: 'completed', toolRounds: 3, turns: 4 });
    expect(
      ofKind(events, 'tool_call_end').map((event) => [
        event.data.toolName,
        event.data.result.isError ?? false,
      ]),
    ).toEqual([
      ['read_file', false],
      ['edit_file', false],
      ['shell', false],
    ]);
    expect(ofKind(events, 'tool_call_end')[2]?.data.modelText).toContain('const greeting = "goodbye";');
  });

  it('1.4 steering interrupt: a running shell("sleep 30") is killed, the rest of the round is skipped (steer with interrupt)', async () => {
    harness = await startHarness();
    harness.server.enqueue(
      calls(['shell', { command: 'echo started; sleep 30' }], ['read_file', { file_path: 'a.txt' }]),
      text('Stopping as asked.'),
    );
    const session = harness.session({ tools: [shellTool, readFileTool] });
    const events = recordEvents(session);
    session.on('tool_call_output_delta', (event) => {
      if (event.data.delta.includes('started'))
        session.steer('Stop, do not wait for that.', { interrupt: true });
    });

    await session.submit('Run the long job');

    const ends = ofKind(events, 'tool_call_end');
    expect(ends[0]?.data.result.details).toMatchObject({ aborted: true });
    expect(ends[1]?.data).toMatchObject({
      skipped: 'steering',
      modelText: 'Skipped due to queued user message',
    });
    expect(harness.env.running.size).toBe(0);
    const next = harness.server.requests[1]?.view.messages ?? [];
    expect(next.at(-1)).toMatchObject({ role: 'user', text: 'Stop, do not wait for that.' });
    expect(next.at(-1)?.toolResults.map((result) => [result.content, result.isError])).toEqual([
      [expect.stringContaining('[Command aborted]'), true],
      ['Skipped due to queued user message', true],
    ]);
  });

  it('1.5 follow-up: a message queued while the agent works is processed after its answer, context kept', async () => {
    harness = await startHarness();
    const gate = blockingTool('work');
    harness.server.enqueue(call('work', {}), text('First task done.'), text('Second task done.'));
    const session = harness.session({ tools: [gate.tool] });
    const events = recordEvents(session);

    const run = session.submit('First task');
    await gate.started(1);
    session.followUp('Now the second task');
    gate.release();
    const result = await run;

    expect(result).toMatchObject({ stopReason: 'completed', text: 'Second task done.', turns: 3 });
    expect(ofKind(events, 'user_input').map((event) => event.data.text)).toEqual([
      'First task',
      'Now the second task',
    ]);
    const third = harness.server.requests[2]?.view.messages ?? [];
    expect(third.map((message) => message.text)).toEqual(
      expect.arrayContaining(['First task', 'First task done.', 'Now the second task']),
    );
    expect(ofKind(events, 'processing_end')).toHaveLength(1);
  });

  it('1.6 abort: child processes are killed and the session ends CLOSED (no temp files to clean here)', async () => {
    harness = await startHarness();
    harness.server.enqueue(call('shell', { command: 'echo started; sleep 30 & sleep 30' }));
    const session = harness.session({ tools: [shellTool] });
    const events = recordEvents(session);
    session.on('tool_call_output_delta', () => {
      void session.abort();
    });

    const result = await session.submit('Run it');
    await session.abort();

    expect(result).toMatchObject({ stopReason: 'aborted', state: 'CLOSED' });
    expect(harness.env.running.size).toBe(0);
    expect(ofKind(events, 'tool_call_end')[0]?.data.result.details).toMatchObject({ aborted: true });
    expect(kinds(events).slice(-3)).toEqual(['processing_end', 'state_change', 'session_end']);
    expect(session.state).toBe('CLOSED');
  });

  it('1.7 concurrency lock: a second submit while processing is refused, never run alongside', async () => {
    harness = await startHarness();
    const gate = blockingTool('work');
    harness.server.enqueue(call('work', {}), text('done'));
    const session = harness.session({ tools: [gate.tool] });

    const first = session.submit('one');
    await gate.started(1);
    await expect(session.submit('two')).rejects.toBeInstanceOf(SessionBusyError);
    gate.release();

    expect((await first).stopReason).toBe('completed');
    expect(
      harness.server.requests.map((request) => request.view.messages.filter((m) => m.text === 'two')),
    ).toEqual([[], []]);
  });

  it('1.8 context kept: what a tool read in the first exchange is in the second exchange’s request', async () => {
    harness = await startHarness();
    await harness.env.writeFile('notes.txt', 'meeting at noon');
    harness.server.enqueue(call('read_file', { file_path: 'notes.txt' }), text('Read it.'), text('At noon.'));
    const session = harness.session({ tools: [readFileTool] });

    await session.submit('Read notes.txt');
    await session.submit('When is the meeting?');

    const second = harness.server.requests[2]?.view.messages ?? [];
    expect(second.flatMap((message) => message.toolResults.map((result) => result.content))).toEqual([
      'meeting at noon',
    ]);
    expect(second.at(-1)).toMatchObject({ role: 'user', text: 'When is the meeting?' });
  });
});

describe('2. Anthropic end to end (the fake server speaking the Messages API to the real SDK, instead of the live API)', () => {
  it('2.1 a text prompt: "What is 2+2?" gets an answer containing 4', async () => {
    harness = await startHarness({ provider: 'anthropic' });
    harness.server.when(match.lastUserText('2\\+2'), text('2 + 2 = 4'));
    const result = await harness.session().submit('What is 2+2?');
    expect(result.text).toContain('4');
    expect(harness.server.requests[0]?.path).toBe('/v1/messages');
  });

  it('2.2 a tool call: the arguments reach the tool as sent, the result goes back as a tool_result', async () => {
    harness = await startHarness({ provider: 'anthropic' });
    const seen: unknown[] = [];
    const probe = defineTool({
      name: 'probe',
      description: 'Records its arguments.',
      parameters: Type.Object({ path: Type.String(), depth: Type.Integer() }),
      async execute(args) {
        seen.push(args);
        return textResult('probed');
      },
    });
    harness.server.enqueue(call('probe', { path: 'src/a.ts', depth: 3 }), text('ok'));
    await harness.session({ tools: [probe] }).submit('probe it');
    expect(seen).toEqual([{ path: 'src/a.ts', depth: 3 }]);
    const body = harness.server.requests[1]?.body as {
      messages: { content: { type: string; content?: unknown }[] }[];
    };
    expect(body.messages.at(-1)?.content[0]).toMatchObject({ type: 'tool_result', content: 'probed' });
  });

  it('2.3 streamed events come in order: start, deltas, end', async () => {
    harness = await startHarness({ provider: 'anthropic' });
    harness.server.enqueue(text('one two three four', ['one ', 'two ', 'three ', 'four']));
    const session = harness.session();
    const events = recordEvents(session);
    await session.submit('count');
    const stream = kinds(events).filter((kind) => kind.startsWith('assistant_text'));
    expect(stream).toEqual([
      'assistant_text_start',
      'assistant_text_delta',
      'assistant_text_delta',
      'assistant_text_delta',
      'assistant_text_delta',
      'assistant_text_end',
    ]);
    expect(
      ofKind(events, 'assistant_text_delta')
        .map((event) => event.data.delta)
        .join(''),
    ).toBe('one two three four');
  });

  it('2.4 several exchanges: the second request carries the first exchange', async () => {
    harness = await startHarness({ provider: 'anthropic' });
    harness.server.enqueue(text('Nice to meet you, Ada.'), text('Your name is Ada.'));
    const session = harness.session();
    await session.submit('My name is Ada.');
    const result = await session.submit('What is my name?');
    expect(result.text).toBe('Your name is Ada.');
    expect(harness.server.requests[1]?.view.messages.map((m) => [m.role, m.text])).toEqual([
      ['user', 'My name is Ada.'],
      ['assistant', 'Nice to meet you, Ada.'],
      ['user', 'What is my name?'],
    ]);
  });
});

describe('3. routing', () => {
  it('3.1 input routing (the Signal router adapted): submit, steer and followUp each reach the model as their own message, in order', async () => {
    harness = await startHarness();
    const gate = blockingTool('work');
    harness.server.enqueue(call('work', {}), text('adjusted'), text('follow-up handled'));
    const session = harness.session({ tools: [gate.tool] });
    const events = recordEvents(session);

    const run = session.submit('the task');
    await gate.started(1);
    session.followUp('the follow-up');
    session.steer('the steer');
    gate.release();
    await run;

    const second = harness.server.requests[1]?.view.messages ?? [];
    expect(second.at(-1)).toMatchObject({ role: 'user', text: 'the steer' });
    const third = harness.server.requests[2]?.view.messages ?? [];
    expect(third.at(-1)).toMatchObject({ role: 'user', text: 'the follow-up' });
    expect(ofKind(events, 'steering_injected').map((event) => event.data)).toMatchObject([
      { text: 'the steer', source: 'host' },
    ]);
    expect(ofKind(events, 'user_input').map((event) => event.data.text)).toEqual([
      'the task',
      'the follow-up',
    ]);
  });
});

describe('4. pi bug regressions', () => {
  it('4.1 concurrent prompt race (#403): a second submit during streaming is refused and the first completes intact', async () => {
    harness = await startHarness();
    harness.server.enqueue(text('a long streamed answer', ['a ', 'long ', 'streamed ', 'answer']));
    const session = harness.session();
    const refusals: Promise<unknown>[] = [];
    session.on('assistant_text_delta', () => {
      refusals.push(session.submit('interloper').catch((error: unknown) => error));
    });

    const result = await session.submit('first');
    const errors = await Promise.all(refusals);

    expect(errors).toHaveLength(4);
    for (const error of errors) expect(error).toBeInstanceOf(SessionBusyError);
    expect(result.text).toBe('a long streamed answer');
    expect(session.history.map((turn) => turn.type)).toEqual(['user', 'assistant']);
    expect(harness.server.requests).toHaveLength(1);
  });

  it('4.2 orphan tool results (#1454/#1455): the first of two calls completes, the second is interrupted; the next request is valid', async () => {
    harness = await startHarness();
    const gate = blockingTool('first');
    harness.server.enqueue(calls(['first', {}], ['read_file', { file_path: 'x' }]), text('Redirected.'));
    const session = harness.session({ tools: [gate.tool, readFileTool] });

    const run = session.submit('go');
    await gate.started(1);
    session.steer('Actually stop.');
    gate.release();
    await run;

    const next = harness.server.requests[1];
    expect(next?.outcome.type).toBe('turn');
    const toolUses = (
      next!.body as { messages: { content: { type: string; id?: string; tool_use_id?: string }[] }[] }
    ).messages.flatMap((message) => message.content);
    const used = toolUses.filter((block) => block.type === 'tool_use').map((block) => block.id);
    const answered = toolUses
      .filter((block) => block.type === 'tool_result')
      .map((block) => block.tool_use_id);
    expect(answered).toEqual(used);
  });

  it('4.3 a 429 does not start a compaction (#1038): it is retried with backoff', async () => {
    harness = await startHarness();
    harness.server.enqueue({ error: { kind: 'rate_limit' } }, text('fine now'));
    const session = harness.session({ config: { compaction: { enabled: true } } });
    const events = recordEvents(session);

    const result = await session.submit('hi');

    expect(result.text).toBe('fine now');
    expect(ofKind(events, 'retry')).toHaveLength(1);
    expect(ofKind(events, 'compaction_start')).toEqual([]);
  });

  it('4.4 messages queued during an automatic compaction (#1312) are delivered after it, none lost', async () => {
    harness = await startHarness();
    harness.server
      .when(match.system('summary'), text('## Goal\nRead the big file.'))
      .enqueue(call('read_file', { file_path: 'big.txt' }), text('after steering'), text('follow-up answer'));
    await harness.env.writeFile('big.txt', 'y'.repeat(14_000));
    const session = harness.session({
      tools: [readFileTool],
      capabilities: { contextWindow: 4_000 },
      config: { compaction: { enabled: true, reserveTokens: 1_000, keepRecentTokens: 200 } },
    });
    const events = recordEvents(session);
    let queued = false;
    session.on('compaction_start', () => {
      if (queued) return;
      queued = true;
      session.steer('steered during compaction');
      session.followUp('follow-up during compaction');
    });

    const result = await session.submit('read the big file');

    expect(ofKind(events, 'compaction_end')[0]?.data.ok).toBe(true);
    const afterCompaction = harness.server.requests.filter((request) => !/summary/.test(request.view.system));
    expect(afterCompaction[1]?.view.messages.at(-1)).toMatchObject({
      role: 'user',
      text: 'steered during compaction',
    });
    expect(ofKind(events, 'user_input').map((event) => event.data.text)).toEqual([
      'read the big file',
      'follow-up during compaction',
    ]);
    expect(result.text).toBe('follow-up answer');
  });

  it('4.5 content that is a bare string or null (Chat Completions) is parsed without crashing', async () => {
    harness = await startHarness({ provider: 'openai-chat' });
    await harness.env.writeFile('a.txt', 'alpha');
    harness.server.enqueue(call('read_file', { file_path: 'a.txt' }), text('It says alpha.'));
    const session = harness.session({ tools: [readFileTool] });

    const result = await session.submit('read a.txt');

    expect(result.text).toBe('It says alpha.');
    const assistant = (
      harness.server.requests[1]!.body as { messages: { role: string; content: unknown }[] }
    ).messages.find((message) => message.role === 'assistant');
    expect(assistant?.content === null || typeof assistant?.content === 'string').toBe(true);
  });

  it('4.6 three calls in one response get their own results, not shifted (#1446), even finishing out of order', async () => {
    harness = await startHarness();
    const order: string[] = [];
    const slowRead = defineTool({
      name: 'read_file',
      description: 'Reads a file, the first one slowest.',
      parameters: Type.Object({ file_path: Type.String() }),
      async execute({ file_path }, { env }) {
        // A finishes last: it waits until B and C are done.
        if (file_path === 'A')
          await new Promise<void>((resolve) =>
            session.on('tool_call_end', () => order.length === 2 && resolve()),
          );
        order.push(file_path);
        return textResult(new TextDecoder().decode(await env.readFile(file_path)));
      },
    });
    for (const name of ['A', 'B', 'C']) await harness.env.writeFile(name, `content of ${name}`);
    harness.server.enqueue(
      calls(
        ['read_file', { file_path: 'A' }],
        ['read_file', { file_path: 'B' }],
        ['read_file', { file_path: 'C' }],
      ),
      text('read all'),
    );
    const session = harness.session({ tools: [slowRead], capabilities: { parallelToolCalls: true } });

    await session.submit('read A, B and C');

    expect(order).toEqual(['B', 'C', 'A']);
    const sent = harness.server.requests[1]?.view;
    const ids = sent?.messages.flatMap((message) =>
      message.toolCalls.map((c) => [c.id, (c.arguments as { file_path: string }).file_path]),
    );
    const results = sent?.messages.flatMap((message) => message.toolResults.map((r) => [r.id, r.content]));
    expect(results).toEqual(ids?.map(([id, file]) => [id, `content of ${file}`]));
  });

  it('4.7 after a retried call, submit resolves only when the tools have run and the loop has finished (#1465)', async () => {
    harness = await startHarness();
    harness.server.enqueue(
      { error: { kind: 'server' } },
      call('shell', { command: 'echo ran' }),
      text('all done'),
    );
    const session = harness.session({ tools: [shellTool] });
    const order: string[] = [];
    session.onAny((event) => {
      if (['retry', 'tool_call_end', 'processing_end'].includes(event.kind)) order.push(event.kind);
    });

    const result = await session.submit('go').then((value) => {
      order.push('resolved');
      return value;
    });

    expect(order).toEqual(['retry', 'tool_call_end', 'processing_end', 'resolved']);
    expect(result).toMatchObject({ text: 'all done', toolRounds: 1 });
  });
});

describe('5. error recovery and robustness', () => {
  it('5.1 a connection cut after some chunks is detected: retried, then reported; the session does not hang', async () => {
    harness = await startHarness();
    const cut: ScriptedTurn = {
      ...text('a b c d e f g h', ['a ', 'b ', 'c ', 'd ', 'e ', 'f ', 'g ', 'h']),
      faults: { cut: { afterFrames: 5, mode: 'reset' } },
    };
    harness.server.when(() => true, cut, { times: 3 }).enqueue(text('recovered'));
    const session = harness.session();
    const events = recordEvents(session);

    const failed = await session.submit('first');
    expect(failed.stopReason).toBe('error');
    expect(ofKind(events, 'warning').map((event) => event.data.code)).toEqual([
      'response_discarded',
      'response_discarded',
    ]);
    expect(ofKind(events, 'error')).toHaveLength(1);
    expect(session.state).toBe('IDLE');

    expect((await session.submit('again')).text).toBe('recovered');
  });

  it('5.2 a malformed JSON frame ends in a clear error, and the next exchange works', async () => {
    harness = await startHarness();
    const broken: ScriptedTurn = {
      ...text('fine text', ['fi', 'ne ', 'text']),
      faults: { malformed: { beforeFrame: 4 } },
    };
    harness.server.when(() => true, broken, { times: 3 }).enqueue(text('next round fine'));
    const session = harness.session();
    const events = recordEvents(session);

    const failed = await session.submit('first');

    expect(failed.stopReason).toBe('error');
    expect(ofKind(events, 'error')[0]?.data.message).toMatch(/\S/);
    expect((await session.submit('second')).text).toBe('next round fine');
  });

  it('5.3 an invalid_request error (bad thinking-block order) is not taken for an overflow: no compaction', async () => {
    harness = await startHarness();
    harness.server.enqueue(
      {
        error: {
          kind: 'invalid_request',
          message: 'messages.1.content.0.type: Expected `thinking` or `redacted_thinking`, but found `text`.',
        },
      },
      text('ok again'),
    );
    const session = harness.session({ config: { compaction: { enabled: true } } });
    const events = recordEvents(session);

    const failed = await session.submit('hi');

    expect(failed).toMatchObject({
      stopReason: 'error',
      state: 'IDLE',
      error: { code: 'InvalidRequestError' },
    });
    expect(ofKind(events, 'compaction_start')).toEqual([]);
    expect(ofKind(events, 'retry')).toEqual([]);
    expect((await session.submit('again')).text).toBe('ok again');
  });

  it('5.4 a stream that stops sending times out with an error instead of waiting forever', async () => {
    harness = await startHarness({ adapter: { streamIdleTimeoutMs: 200 } });
    harness.server.enqueue({
      ...text('never finished', ['ne', 'ver', ' fin', 'ished']),
      faults: { stall: { afterFrames: 4, ms: 60_000 } },
    });
    const session = harness.session();
    const events = recordEvents(session);

    const result = await session.submit('hi');

    expect(result.stopReason).toBe('error');
    expect(ofKind(events, 'error')[0]?.data.code).toBe('RequestTimeoutError');
    expect(session.state).toBe('IDLE');
  });

  it('5.5 a tool that throws (a file deleted between stat and read) becomes an error result and the loop goes on', async () => {
    harness = await startHarness();
    const racy = defineTool({
      name: 'read_file',
      description: 'Reads a file after checking it exists.',
      parameters: Type.Object({ file_path: Type.String() }),
      async execute({ file_path }, { env }) {
        await env.stat(file_path);
        await env.deleteFile(file_path);
        return textResult(new TextDecoder().decode(await env.readFile(file_path)));
      },
    });
    await harness.env.writeFile('gone.txt', 'soon gone');
    harness.server.enqueue(call('read_file', { file_path: 'gone.txt' }), text('The file vanished.'));
    const session = harness.session({ tools: [racy] });

    const result = await session.submit('read gone.txt');

    expect(result.text).toBe('The file vanished.');
    expect(harness.server.requests[1]?.view.messages.at(-1)?.toolResults[0]).toMatchObject({
      isError: true,
      content: 'File not found: gone.txt',
    });
  });

  it('5.6 an invalid API key: an authentication error, no retry, no compaction, the session closes', async () => {
    harness = await startHarness({ server: { apiKey: 'the-right-key' }, adapter: { apiKey: 'a-wrong-key' } });
    const session = harness.session({ config: { compaction: { enabled: true } } });
    const events = recordEvents(session);

    const result = await session.submit('hi');

    expect(result).toMatchObject({
      stopReason: 'error',
      state: 'CLOSED',
      error: { code: 'AuthenticationError' },
    });
    expect(harness.server.requests).toHaveLength(1);
    expect(ofKind(events, 'retry')).toEqual([]);
    expect(ofKind(events, 'compaction_start')).toEqual([]);
    expect(ofKind(events, 'session_end')[0]?.data).toMatchObject({ reason: 'error' });
    await expect(session.submit('again')).rejects.toBeInstanceOf(SessionClosedError);
  });
});
