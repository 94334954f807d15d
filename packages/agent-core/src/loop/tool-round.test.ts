import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionEvent } from '../events/session-event.js';
import { type Harness, ofKind, recordEvents, startHarness, testProfile } from '../session/testing/harness.js';
import { bigOutputTool, readFileTool, shellTool } from '../session/testing/test-tools.js';
import { defineTool } from '../tools/tool.js';
import { call, calls, text } from './loop.test-support.js';

let harness: Harness;
afterEach(async () => {
  await harness?.close();
});

const sentResults = (index: number) =>
  harness.server.requests[index]?.view.messages.flatMap((message) => message.toolResults) ?? [];

describe('tool calls in the loop', () => {
  it('sends the model truncated output with the marker while tool_call_end carries all 100 000 characters', async () => {
    harness = await startHarness();
    await harness.env.writeFile('big.txt', 'x'.repeat(100_000));
    harness.server.enqueue(call('read_file', { file_path: 'big.txt' }), text('It is all x.'));
    const session = harness.session({ tools: [readFileTool] });
    const events = recordEvents(session);

    await session.submit('read big.txt');

    const end = ofKind(events, 'tool_call_end')[0]?.data;
    const full = end?.result.content[0];
    expect(full?.type === 'text' ? full.text.length : 0).toBe(100_000);
    expect(end?.truncated).toBe(true);
    const sent = sentResults(1)[0]?.content ?? '';
    expect(sent).toContain(
      '[WARNING: Tool output was truncated. 50000 characters were removed from the middle.',
    );
    expect(sent.length).toBeLessThan(51_000);
    expect(session.history[2]).toMatchObject({ type: 'tool_results' });
  });

  it('applies the session config’s limits over the defaults', async () => {
    harness = await startHarness();
    harness.server.enqueue(call('big_output', { size: 5_000 }), text('ok'));
    const session = harness.session({
      tools: [bigOutputTool],
      config: { toolOutputLimits: { big_output: 1_000 } },
    });
    await session.submit('go');
    expect(sentResults(1)[0]?.content).toMatch(
      /^x{500}\n\n\[WARNING: Tool output was truncated\. 4000 characters/,
    );
  });

  it('applies the profile’s limits for its own tool names, and the session config’s over them', async () => {
    harness = await startHarness();
    harness.server.enqueue(
      call('big_output', { size: 5_000 }),
      text('ok'),
      call('big_output', { size: 5_000 }),
      text('ok'),
    );
    const profile = {
      ...testProfile({ tools: [bigOutputTool] }),
      toolLimits: { toolOutputLimits: { big_output: 2_000 } },
    };
    await harness.session({ profile }).submit('go');
    expect(sentResults(1)[0]?.content).toMatch(
      /^x{1000}\n\n\[WARNING: Tool output was truncated\. 3000 characters/,
    );
    await harness.session({ profile, config: { toolOutputLimits: { big_output: 1_000 } } }).submit('go');
    expect(sentResults(3)[0]?.content).toMatch(
      /^x{500}\n\n\[WARNING: Tool output was truncated\. 4000 characters/,
    );
  });

  it('streams a command’s output as tool_call_output_delta while it runs', async () => {
    harness = await startHarness();
    harness.server.enqueue(call('shell', { command: 'echo one; echo two >&2' }), text('ok'));
    const session = harness.session({ tools: [shellTool] });
    const events = recordEvents(session);
    await session.submit('go');
    const deltas = ofKind(events, 'tool_call_output_delta').map((event) => event.data);
    expect(deltas.map((delta) => delta.delta).join('')).toContain('one');
    expect(deltas.some((delta) => delta.stream === 'stderr')).toBe(true);
    const id = ofKind(events, 'tool_call_start')[0]?.data.toolCallId;
    expect(deltas.every((delta) => delta.toolCallId === id)).toBe(true);
  });

  it('answers a call to an unknown tool with "Unknown tool: <name>" and goes on', async () => {
    harness = await startHarness();
    harness.server.enqueue(call('teleport', { to: 'mars' }), text('That tool does not exist.'));
    const session = harness.session({ tools: [readFileTool] });
    const result = await session.submit('go');
    expect(sentResults(1)).toMatchObject([{ content: 'Unknown tool: teleport', isError: true }]);
    expect(result.stopReason).toBe('completed');
  });

  it('answers arguments that fail the schema before running anything', async () => {
    harness = await startHarness();
    harness.server.enqueue(call('read_file', { path: 'a.txt' }), text('ok'));
    const session = harness.session({ tools: [readFileTool] });
    const events = recordEvents(session);
    await session.submit('go');
    expect(sentResults(1)[0]?.content).toBe(
      'Invalid arguments for tool read_file: missing required parameter "file_path". Fix the arguments and call read_file again.',
    );
    expect(ofKind(events, 'tool_call_end')[0]?.data.blocked).toMatch(/^Invalid arguments/);
  });

  it('lets a gate hook block a call and a pipe hook rewrite a result', async () => {
    harness = await startHarness();
    await harness.env.writeFile('a.txt', 'secret');
    harness.server.enqueue(
      calls(['shell', { command: 'rm -rf /' }], ['read_file', { file_path: 'a.txt' }]),
      text('ok'),
    );
    const session = harness.session({
      tools: [shellTool, readFileTool],
      hooks: {
        toolGates: [
          (info) =>
            info.toolName === 'shell'
              ? { action: 'block', reason: 'Destructive commands are not allowed.' }
              : { action: 'allow' },
        ],
        toolPipes: [
          (info, result) =>
            info.toolName === 'read_file'
              ? { ...result, content: [{ type: 'text', text: '[redacted]' }] }
              : undefined,
        ],
      },
    });
    await session.submit('go');
    expect(sentResults(1).map((result) => [result.content, result.isError])).toEqual([
      ['Destructive commands are not allowed.', true],
      ['[redacted]', false],
    ]);
  });

  it('runs calls concurrently when the profile allows it, results in call order', async () => {
    harness = await startHarness();
    const running = new Set<string>();
    let overlap = 0;
    const slow = defineTool({
      name: 'slow',
      description: 'Takes a moment.',
      parameters: Type.Object({ id: Type.String() }),
      async execute({ id }) {
        running.add(id);
        overlap = Math.max(overlap, running.size);
        await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setImmediate(resolve));
        running.delete(id);
        return { content: [{ type: 'text', text: id }] };
      },
    });
    harness.server.enqueue(
      calls(['slow', { id: 'a' }], ['slow', { id: 'b' }], ['slow', { id: 'c' }]),
      text('ok'),
    );
    const parallel = harness.session({ tools: [slow], capabilities: { parallelToolCalls: true } });
    await parallel.submit('go');
    expect(overlap).toBe(3);
    expect(sentResults(1).map((result) => result.content)).toEqual(['a', 'b', 'c']);

    overlap = 0;
    harness.server.enqueue(calls(['slow', { id: 'a' }], ['slow', { id: 'b' }]), text('ok'));
    const sequential = harness.session({ tools: [slow] });
    await sequential.submit('go');
    expect(overlap).toBe(1);
  });

  it('sends a tool’s image to a model with vision, and a note instead to one without', async () => {
    harness = await startHarness();
    const screenshot = defineTool({
      name: 'screenshot',
      description: 'Takes a screenshot.',
      parameters: Type.Object({}),
      async execute() {
        return {
          content: [
            { type: 'text', text: 'The screen:' },
            { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
          ],
        };
      },
    });
    harness.server.enqueue(
      call('screenshot', {}),
      text('I see it.'),
      call('screenshot', {}),
      text('No image.'),
    );
    await harness.session({ tools: [screenshot], capabilities: { vision: true } }).submit('look');
    const seen = harness.server.requests[1]!.body as {
      messages: { content: { type: string; content?: unknown }[] }[];
    };
    expect(seen.messages.at(-1)?.content[0]?.content).toEqual([
      { type: 'text', text: 'The screen:' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
    ]);

    await harness.session({ tools: [screenshot], capabilities: { vision: false } }).submit('look');
    const blind = harness.server.requests[3]?.view.messages.at(-1);
    expect(harness.server.requests[3]?.rawBody).not.toContain('iVBORw0KGgo=');
    expect(blind?.toolResults[0]?.content).toContain(
      '[image omitted: the current model does not accept images]',
    );
  });

  it('sends a user’s image to a model with vision', async () => {
    harness = await startHarness();
    harness.server.enqueue(text('A cat.'));
    const session = harness.session({ capabilities: { vision: true } });
    const events: SessionEvent[] = recordEvents(session);
    await session.submit([
      { type: 'text', text: 'What is this?' },
      { type: 'image', data: 'iVBORw0KGgo=', mediaType: 'image/png' },
    ]);
    expect(harness.server.requests[0]?.view.messages[0]).toMatchObject({
      role: 'user',
      text: 'What is this?',
      images: 1,
    });
    expect(ofKind(events, 'user_input')[0]?.data).toMatchObject({ text: 'What is this?', images: 1 });
  });
});
