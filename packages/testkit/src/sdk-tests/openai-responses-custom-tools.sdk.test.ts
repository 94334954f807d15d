import OpenAI from 'openai';
import type { ResponseStreamEvent } from 'openai/resources/responses/responses';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ScriptedTurn } from '../script/scripted-turn.js';
import { FakeModelServer } from '../server/fake-model-server.js';
import { caught, openaiClient } from './sdk-clients.js';

const MODEL = 'gpt-5.1-codex';
const PATCH = '*** Begin Patch\n*** Add File: hello.txt\n+Hello, wörld 😀\n*** End Patch\n';
const GRAMMAR = 'start: "*** Begin Patch" /(.|\\n)*/';
const applyPatchTool = {
  type: 'custom' as const,
  name: 'apply_patch',
  description: 'Edits files with a patch.',
  format: { type: 'grammar' as const, syntax: 'lark' as const, definition: GRAMMAR },
};

const customCallTurn: ScriptedTurn = {
  content: [
    { type: 'text', text: 'Adding the file.' },
    {
      type: 'tool_call',
      name: 'apply_patch',
      id: 'call_P1',
      arguments: PATCH,
      custom: true,
      argumentChunks: 7,
    },
  ],
};

let server: FakeModelServer;
beforeEach(async () => {
  server = await FakeModelServer.start();
});
afterEach(async () => {
  await server.close();
});

describe('custom tool calls through the openai SDK (Responses)', () => {
  it('streams the input as custom_tool_call_input deltas that join to the input, between item added and done', async () => {
    server.enqueue(customCallTurn);
    const stream = await openaiClient(server).responses.create({
      model: MODEL,
      input: 'Create hello.txt',
      tools: [applyPatchTool],
      stream: true,
    });
    const events: ResponseStreamEvent[] = [];
    for await (const event of stream) events.push(event);

    const callEvents = events.filter((event) => 'output_index' in event && event.output_index === 1);
    expect(callEvents.map((event) => event.type)).toEqual([
      'response.output_item.added',
      ...Array(Math.ceil(Array.from(PATCH).length / 7)).fill('response.custom_tool_call_input.delta'),
      'response.custom_tool_call_input.done',
      'response.output_item.done',
    ]);
    const added = callEvents[0];
    if (added?.type !== 'response.output_item.added') throw new Error('no output_item.added');
    expect(added.item).toMatchObject({ type: 'custom_tool_call', status: 'in_progress', input: '' });
    const deltas = events.flatMap((event) =>
      event.type === 'response.custom_tool_call_input.delta' ? [event.delta] : [],
    );
    expect(deltas.join('')).toBe(PATCH);
    const done = events.find((event) => event.type === 'response.custom_tool_call_input.done');
    expect(done).toMatchObject({ input: PATCH, item_id: added.item.id });

    const completed = events.at(-1);
    if (completed?.type !== 'response.completed') throw new Error('no response.completed');
    expect(completed.response.output[1]).toEqual({
      id: expect.stringMatching(/^ctc_[0-9a-f]{48}$/),
      type: 'custom_tool_call',
      status: 'completed',
      call_id: 'call_P1',
      input: PATCH,
      name: 'apply_patch',
    });
  });

  it('returns the same custom_tool_call item without streaming and through the stream helper', async () => {
    server.enqueue(customCallTurn, customCallTurn);
    const client = openaiClient(server);
    const whole = await client.responses.create({ model: MODEL, input: 'hi', tools: [applyPatchTool] });
    const streamed = await client.responses
      .stream({ model: MODEL, input: 'hi', tools: [applyPatchTool] })
      .finalResponse();
    for (const response of [whole, streamed]) {
      expect(response.output[1]).toMatchObject({
        type: 'custom_tool_call',
        call_id: 'call_P1',
        name: 'apply_patch',
        input: PATCH,
      });
    }
  });

  it('records the custom call and its custom_tool_call_output in the request view', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'Done.' }] });
    await openaiClient(server).responses.create({
      model: MODEL,
      tools: [applyPatchTool],
      input: [
        { role: 'user', content: 'Create hello.txt' },
        { type: 'custom_tool_call', call_id: 'call_P1', name: 'apply_patch', input: PATCH },
        { type: 'custom_tool_call_output', call_id: 'call_P1', output: 'Success.' },
      ],
    });
    const view = server.lastRequest?.view;
    expect(view?.tools).toEqual(['apply_patch']);
    expect(view?.messages.at(-2)?.toolCalls).toEqual([
      { id: 'call_P1', name: 'apply_patch', arguments: PATCH, custom: true },
    ]);
    expect(view?.messages.at(-1)?.toolResults).toEqual([
      { id: 'call_P1', name: undefined, content: 'Success.', isError: false, custom: true },
    ]);
  });
});

describe('custom tool requests the real Responses API rejects get its real 400', () => {
  async function rejection(params: Record<string, unknown>) {
    const error = await caught(() =>
      openaiClient(server).responses.create({
        model: MODEL,
        ...params,
      } as unknown as OpenAI.Responses.ResponseCreateParamsNonStreaming),
    );
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    return error as InstanceType<typeof OpenAI.APIError>;
  }

  it('rejects a custom_tool_call_output whose call_id matches no call', async () => {
    const error = await rejection({
      input: [
        { role: 'user', content: 'hi' },
        { type: 'custom_tool_call_output', call_id: 'call_ghost', output: 'x' },
      ],
    });
    expect(error.message).toContain(
      'No tool call found for custom tool call output with call_id call_ghost.',
    );
    expect(error.param).toBe('input');
  });

  it('rejects a custom_tool_call with no output after it', async () => {
    const error = await rejection({
      input: [
        { role: 'user', content: 'hi' },
        { type: 'custom_tool_call', call_id: 'call_1', name: 'apply_patch', input: PATCH },
      ],
    });
    expect(error.message).toContain('No tool output found for custom tool call call_1.');
  });

  it('does not take a function_call_output as the answer to a custom call', async () => {
    const error = await rejection({
      input: [
        { role: 'user', content: 'hi' },
        { type: 'custom_tool_call', call_id: 'call_1', name: 'apply_patch', input: PATCH },
        { type: 'function_call_output', call_id: 'call_1', output: 'x' },
      ],
    });
    expect(error.message).toContain('No tool call found for function call output with call_id call_1.');
  });

  it('rejects a custom tool with a bad name or a grammar syntax other than lark and regex', async () => {
    const badName = await rejection({ input: 'hi', tools: [{ ...applyPatchTool, name: 'apply patch' }] });
    expect(badName.message).toContain("Invalid 'tools[0].name': string does not match pattern.");
    const badSyntax = await rejection({
      input: 'hi',
      tools: [{ ...applyPatchTool, format: { type: 'grammar', syntax: 'ebnf', definition: GRAMMAR } }],
    });
    expect(badSyntax.param).toBe('tools[0].format.syntax');
    expect(badSyntax.code).toBe('invalid_value');
  });
});
