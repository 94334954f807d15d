import type { FakeModelServer, ScriptedTurn } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Message, type Message as Msg } from '../../types/content.js';
import { CUSTOM_TOOL_PARAMETERS, type Request, type ToolDefinition } from '../../types/request.js';
import { collect, eventTypes, finishOf, MODEL, openaiAdapter, startServer } from './openai.test-support.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(async () => {
  await server.close();
});

const PATCH = '*** Begin Patch\n*** Add File: notes.txt\n+naïve café 😀\n*** End Patch\n';
const GRAMMAR = 'start: begin_patch hunk+ end_patch';

const applyPatch: ToolDefinition = {
  name: 'apply_patch',
  description: 'Edits files with a patch; send the raw patch.',
  parameters: CUSTOM_TOOL_PARAMETERS,
  format: { type: 'grammar', syntax: 'lark', definition: GRAMMAR },
};
const shell: ToolDefinition = {
  name: 'shell',
  description: 'Runs a command.',
  parameters: { type: 'object', properties: { command: { type: 'string' } } },
};

const ask: Request = { model: MODEL, messages: [Message.user('Add notes.txt')], tools: [shell, applyPatch] };

const customCall: ScriptedTurn = {
  content: [
    {
      type: 'tool_call',
      name: 'apply_patch',
      id: 'call_P1',
      arguments: PATCH,
      custom: true,
      argumentChunks: ['*** Begin Patch\n', '*** Add File: notes.txt\n+naïve ', 'café 😀\n*** End Patch\n'],
    },
  ],
};

describe('OpenAIAdapter with custom (freeform) tools', () => {
  it('sends a tool with a format as a custom tool beside the function tools, and names it as custom', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'ok' }] });
    await openaiAdapter(server).complete({ ...ask, toolChoice: { mode: 'named', toolName: 'apply_patch' } });
    const body = server.requests[0]?.body;
    expect(body?.tools).toEqual([
      {
        type: 'function',
        name: 'shell',
        description: 'Runs a command.',
        parameters: shell.parameters,
        strict: false,
      },
      {
        type: 'custom',
        name: 'apply_patch',
        description: 'Edits files with a patch; send the raw patch.',
        format: { type: 'grammar', syntax: 'lark', definition: GRAMMAR },
      },
    ]);
    expect(body?.tool_choice).toEqual({ type: 'custom', name: 'apply_patch' });
  });

  it('complete() turns a custom_tool_call into a tool call of type custom whose arguments are the raw input', async () => {
    server.enqueue(customCall);
    const response = await openaiAdapter(server).complete(ask);
    expect(response.message.content).toEqual([
      {
        kind: 'tool_call',
        toolCall: {
          id: 'call_P1',
          name: 'apply_patch',
          arguments: PATCH,
          rawArguments: PATCH,
          type: 'custom',
          providerItemId: expect.stringMatching(/^ctc_/),
        },
      },
    ]);
    expect(response.finishReason.reason).toBe('tool_calls');
  });

  it('stream() carries the input deltas as argument deltas that join to the input, then the custom call', async () => {
    server.enqueue(customCall);
    const events = await collect(openaiAdapter(server).stream(ask));
    expect(eventTypes(events)).toEqual([
      'stream_start',
      'tool_call_start',
      'tool_call_delta',
      'tool_call_delta',
      'tool_call_delta',
      'tool_call_end',
      'finish',
    ]);
    expect(events[1]).toEqual({ type: 'tool_call_start', toolCallId: 'call_P1', toolName: 'apply_patch' });
    const deltas = events.map((event) => (event.type === 'tool_call_delta' ? event.argumentsDelta : ''));
    expect(deltas.join('')).toBe(PATCH);
    const end = events.find((event) => event.type === 'tool_call_end');
    expect(end?.type === 'tool_call_end' && end.toolCall).toMatchObject({
      id: 'call_P1',
      type: 'custom',
      arguments: PATCH,
    });
    expect(finishOf(events).finishReason.reason).toBe('tool_calls');
    expect(finishOf(events).response.message.content).toEqual([
      { kind: 'tool_call', toolCall: end?.type === 'tool_call_end' ? end.toolCall : undefined },
    ]);
  });

  it('sends a custom call back as custom_tool_call and its result as custom_tool_call_output; function calls keep function items', async () => {
    server.enqueue(customCall, { content: [{ type: 'text', text: 'Added.' }] });
    const adapter = openaiAdapter(server);
    const first = await adapter.complete(ask);
    const history: Msg[] = [
      ...ask.messages,
      first.message,
      Message.toolResult(
        'call_P1',
        'Success. Updated the following files:\nA notes.txt',
        false,
        'apply_patch',
      ),
      {
        role: 'assistant',
        content: [
          { kind: 'tool_call', toolCall: { id: 'call_S1', name: 'shell', arguments: { command: 'ls' } } },
        ],
      },
      Message.toolResult('call_S1', 'notes.txt', false, 'shell'),
    ];
    const second = await adapter.complete({ ...ask, messages: history });
    expect(Message.text(second.message)).toBe('Added.');
    // Strict validation accepted the request: each output answers a call of its own kind.
    expect(server.requests[1]?.outcome.type).toBe('turn');
    expect(server.requests[1]?.body.input).toEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Add notes.txt' }] },
      { type: 'custom_tool_call', call_id: 'call_P1', name: 'apply_patch', input: PATCH },
      {
        type: 'custom_tool_call_output',
        call_id: 'call_P1',
        output: 'Success. Updated the following files:\nA notes.txt',
      },
      { type: 'function_call', call_id: 'call_S1', name: 'shell', arguments: '{"command":"ls"}' },
      { type: 'function_call_output', call_id: 'call_S1', output: 'notes.txt' },
    ]);
  });

  it('sends an image result of a custom call as custom_tool_call_output with input parts', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'I see it.' }] });
    const result = Message.toolResult('call_P1', 'The screenshot.', false, 'apply_patch');
    const part = result.content[0];
    if (part?.kind === 'tool_result') {
      part.toolResult.imageData = 'iVBORw0KGgo=';
      part.toolResult.imageMediaType = 'image/png';
    }
    await openaiAdapter(server).complete({
      ...ask,
      messages: [
        ...ask.messages,
        {
          role: 'assistant',
          content: [
            {
              kind: 'tool_call',
              toolCall: { id: 'call_P1', name: 'apply_patch', arguments: PATCH, type: 'custom' },
            },
          ],
        },
        result,
      ],
    });
    expect(server.requests[0]?.body.input).toContainEqual({
      type: 'custom_tool_call_output',
      call_id: 'call_P1',
      output: [
        { type: 'input_text', text: 'The screenshot.' },
        { type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'auto' },
      ],
    });
  });
});
