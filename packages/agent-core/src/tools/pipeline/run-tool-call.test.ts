import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import type { ToolCallInfo } from '../../hooks/hook-points.js';
import { defineTool, textResult } from '../tool.js';
import { pipelineContext } from './pipeline.test-support.js';
import { runToolCall } from './run-tool-call.js';

const signal = new AbortController().signal;
const ran: unknown[] = [];
const echo = defineTool({
  name: 'echo',
  description: 'Echoes its text.',
  parameters: Type.Object({ text: Type.String(), times: Type.Optional(Type.Integer({ default: 1 })) }),
  async execute({ text, times }, { onUpdate }) {
    ran.push({ text, times });
    onUpdate?.({ text: 'partial', stream: 'stdout' });
    return textResult(text.repeat(times ?? 1), { length: text.length });
  },
});
const call = (name: string, args: Record<string, unknown> | string) => ({
  id: 'call_1',
  name,
  arguments: args,
});

describe('runToolCall', () => {
  it('runs the tool, streams its updates, and ends with the whole result and what the model sees', async () => {
    const { context, events } = pipelineContext([echo]);
    const outcome = await runToolCall(call('echo', { text: 'hi', times: 2 }), context, signal);
    expect(outcome.record).toEqual({
      toolCallId: 'call_1',
      toolName: 'echo',
      content: [{ type: 'text', text: 'hihi' }],
      isError: false,
      details: { length: 2 },
    });
    expect(events.map((event) => event.kind)).toEqual([
      'tool_call_start',
      'tool_call_output_delta',
      'tool_call_end',
    ]);
    expect(events[1]?.data).toEqual({ toolCallId: 'call_1', delta: 'partial', stream: 'stdout' });
    expect(events[2]?.data).toMatchObject({ toolName: 'echo', modelText: 'hihi', truncated: false });
  });

  it('answers an unknown tool with "Unknown tool: <name>"', async () => {
    const { context } = pipelineContext([echo]);
    const outcome = await runToolCall(call('nope', {}), context, signal);
    expect(outcome.record).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: 'Unknown tool: nope' }],
    });
  });

  it('answers invalid arguments without running the tool, naming the parameter', async () => {
    ran.length = 0;
    const { context, events } = pipelineContext([echo]);
    const outcome = await runToolCall(call('echo', { text: 3 }), context, signal);
    expect(ran).toEqual([]);
    expect(outcome.modelText).toMatch(/^Invalid arguments for tool echo: parameter "text"/);
    expect(events.at(-1)?.data).toMatchObject({ blocked: outcome.modelText });
  });

  it('answers arguments that are not JSON with an invalid-arguments error', async () => {
    const { context } = pipelineContext([echo]);
    const outcome = await runToolCall(call('echo', '{"text": "unterminated'), context, signal);
    expect(outcome.record.isError).toBe(true);
    expect(outcome.modelText).toContain('must be a JSON object');
  });

  it('lets a gate block the call: the model gets the reason, the tool never runs', async () => {
    ran.length = 0;
    const { context } = pipelineContext([echo], {
      hooks: { toolGates: [() => ({ action: 'block', reason: 'echo is not allowed here' })] },
    });
    const outcome = await runToolCall(call('echo', { text: 'x' }), context, signal);
    expect(ran).toEqual([]);
    expect(outcome).toMatchObject({
      blocked: 'echo is not allowed here',
      modelText: 'echo is not allowed here',
    });
  });

  it('gives gates the validated arguments (defaults filled) and runs the tool with a rewrite', async () => {
    ran.length = 0;
    const seen: ToolCallInfo[] = [];
    const { context } = pipelineContext([echo], {
      hooks: {
        toolGates: [
          (info) => {
            seen.push(info);
            return { action: 'rewrite', arguments: { text: 'safe' } };
          },
          (info) => {
            seen.push(info);
            return { action: 'allow' };
          },
        ],
      },
    });
    await runToolCall(call('echo', { text: 'rm -rf' }), context, signal);
    expect(seen.map((info) => info.arguments)).toEqual([
      { text: 'rm -rf', times: 1 },
      { text: 'safe', times: 1 },
    ]);
    expect(seen[0]).toMatchObject({ toolCallId: 'call_1', toolName: 'echo', sessionId: 'session-1' });
    expect(ran).toEqual([{ text: 'safe', times: 1 }]);
  });

  it('blocks a rewrite that breaks the schema, and a gate that throws', async () => {
    const badRewrite = pipelineContext([echo], {
      hooks: { toolGates: [() => ({ action: 'rewrite', arguments: { text: 1 } })] },
    });
    expect((await runToolCall(call('echo', { text: 'x' }), badRewrite.context, signal)).blocked).toMatch(
      /Invalid arguments/,
    );
    const throwing = pipelineContext([echo], {
      hooks: {
        toolGates: [
          () => {
            throw new Error('policy file unreadable');
          },
        ],
      },
    });
    expect((await runToolCall(call('echo', { text: 'x' }), throwing.context, signal)).blocked).toBe(
      'The call to echo was blocked: a permission hook failed (policy file unreadable).',
    );
  });

  it('lets pipes rewrite the result in order; a pipe that throws keeps the result and warns', async () => {
    const { context, events } = pipelineContext([echo], {
      hooks: {
        toolPipes: [
          (_info, result) => ({
            ...result,
            content: [
              { type: 'text', text: `${result.content[0]?.type === 'text' ? result.content[0].text : ''}!` },
            ],
          }),
          () => {
            throw new Error('formatter crashed');
          },
          () => undefined,
        ],
      },
    });
    const outcome = await runToolCall(call('echo', { text: 'hi' }), context, signal);
    expect(outcome.modelText).toBe('hi!');
    expect(events.find((event) => event.kind === 'warning')?.data).toMatchObject({ code: 'hook_failed' });
  });

  it('truncates what the model sees while tool_call_end keeps the whole output', async () => {
    const { context, events } = pipelineContext([echo], { charLimits: { echo: 1_000 } });
    const outcome = await runToolCall(call('echo', { text: 'x'.repeat(5_000) }), context, signal);
    expect(outcome.truncated).toBe(true);
    expect(outcome.modelText).toContain('[WARNING: Tool output was truncated.');
    const end = events.find((event) => event.kind === 'tool_call_end')?.data as {
      result: { content: { text: string }[] };
    };
    expect(end.result.content[0]?.text).toHaveLength(5_000);
  });

  it('sends "(no output)" for a result with no content', async () => {
    const silent = defineTool({ ...echo, name: 'silent', execute: async () => ({ content: [] }) });
    const { context } = pipelineContext([silent]);
    expect((await runToolCall(call('silent', { text: '' }), context, signal)).modelText).toBe('(no output)');
  });
});
