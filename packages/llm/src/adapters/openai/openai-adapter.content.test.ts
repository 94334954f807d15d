import { writeFileSync } from 'node:fs';
import { createTempDir, type FakeModelServer } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../errors/sdk-error.js';
import { type ContentPart, Message } from '../../types/content.js';
import type { ToolDefinition } from '../../types/request.js';
import { caught, MODEL, openaiAdapter, recordedInput, startServer } from './openai.test-support.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await startServer();
  server.when(() => true, { content: [{ type: 'text', text: 'Seen.' }] });
});
afterEach(async () => {
  await server.close();
});

// A 1×1 transparent PNG.
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

async function sendUser(...content: ContentPart[]) {
  await openaiAdapter(server).complete({ model: MODEL, messages: [{ role: 'user', content }] });
  return server.requests.at(-1)?.body.input;
}

const readFileTool: ToolDefinition = {
  name: 'read_file',
  description: 'Read a file.',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};

describe('OpenAIAdapter: content (spec U3)', () => {
  it('U3.1 sends a text-only user message as one input_text part', async () => {
    expect(await sendUser({ kind: 'text', text: 'Hi.' })).toEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'Hi.' }] },
    ]);
  });

  it('U3.2 sends an image URL as input_image with the URL itself', async () => {
    const input = await sendUser({
      kind: 'image',
      image: { url: 'https://example.com/cat.png', detail: 'low' },
    });
    expect(input).toEqual([
      {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_image', image_url: 'https://example.com/cat.png', detail: 'low' }],
      },
    ]);
  });

  it('U3.2 sends base64 image bytes as a data: URL (image/png by default)', async () => {
    const input = await sendUser({ kind: 'image', image: { data: PNG_BASE64 } });
    expect(input).toEqual([
      {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_image', image_url: `data:image/png;base64,${PNG_BASE64}`, detail: 'auto' }],
      },
    ]);
  });

  it('U3.2 reads an image from a local path and sends it inline with the type from its extension', async () => {
    using dir = createTempDir('openai-image-');
    const path = dir.join('shot.jpg');
    writeFileSync(path, Buffer.from(PNG_BASE64, 'base64'));
    const input = await sendUser({ kind: 'image', image: { url: path } });
    expect(input).toEqual([
      {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_image', image_url: `data:image/jpeg;base64,${PNG_BASE64}`, detail: 'auto' }],
      },
    ]);
  });

  it('U3.2 rejects a local image that cannot be read before any request is made', async () => {
    const error = await caught(() =>
      openaiAdapter(server).complete({
        model: MODEL,
        messages: [{ role: 'user', content: [{ kind: 'image', image: { url: '/no/such/file.png' } }] }],
      }),
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });

  it('U3.3 rejects audio with InvalidRequestError before any request is made (Responses takes none)', async () => {
    const error = await caught(() =>
      openaiAdapter(server).complete({
        model: MODEL,
        messages: [
          { role: 'user', content: [{ kind: 'audio', audio: { data: 'UklGRg==', mediaType: 'audio/wav' } }] },
        ],
      }),
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ provider: 'openai', retryable: false });
    expect(server.requests).toHaveLength(0);
  });

  it('U3.3 sends a PDF as input_file: inline bytes as file_data with a filename, a URL as file_url', async () => {
    const input = await sendUser(
      {
        kind: 'document',
        document: { data: 'JVBERi0xLjQ=', mediaType: 'application/pdf', fileName: 'spec.pdf' },
      },
      { kind: 'document', document: { url: 'https://example.com/paper.pdf' } },
      { kind: 'text', text: 'Compare them.' },
    );
    expect(input).toEqual([
      {
        type: 'message',
        role: 'user',
        content: [
          { type: 'input_file', file_data: 'data:application/pdf;base64,JVBERi0xLjQ=', filename: 'spec.pdf' },
          { type: 'input_file', file_url: 'https://example.com/paper.pdf' },
          { type: 'input_text', text: 'Compare them.' },
        ],
      },
    ]);
  });

  it('U3.4 round-trips a tool call: the call, its result linked by call_id, then the next turn', async () => {
    server.reset();
    server.enqueue(
      {
        content: [{ type: 'tool_call', name: 'read_file', arguments: { path: 'a.txt' }, argumentChunks: 3 }],
      },
      { content: [{ type: 'text', text: 'It says hello.' }] },
    );
    const adapter = openaiAdapter(server);
    const history = [Message.user('What does a.txt say?')];
    const first = await adapter.complete({ model: MODEL, messages: history, tools: [readFileTool] });
    expect(first.finishReason).toEqual({ reason: 'tool_calls', raw: 'completed' });
    const [call] = Message.toolCalls(first.message);
    expect(call).toMatchObject({
      id: expect.stringMatching(/^call_/),
      name: 'read_file',
      arguments: { path: 'a.txt' },
      rawArguments: '{"path":"a.txt"}',
      providerItemId: expect.stringMatching(/^fc_/),
    });
    if (!call) throw new Error('no tool call');

    history.push(first.message, Message.toolResult(call.id, 'hello'));
    const second = await adapter.complete({ model: MODEL, messages: history, tools: [readFileTool] });
    expect(Message.text(second.message)).toBe('It says hello.');
    const body = server.requests[1]?.body;
    expect(server.requests[1]?.outcome.type).toBe('turn'); // the strict server accepted the history
    expect(body?.input).toEqual([
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'What does a.txt say?' }] },
      { type: 'function_call', call_id: call.id, name: 'read_file', arguments: '{"path":"a.txt"}' },
      { type: 'function_call_output', call_id: call.id, output: 'hello' },
    ]);
    expect(server.requests[1]?.view.messages.at(-1)?.toolResults).toEqual([
      { id: call.id, name: undefined, content: 'hello', isError: false },
    ]);
  });

  it('U3.4 sends flat function tools with strict off, and every tool-choice mode in the Responses shape', async () => {
    const adapter = openaiAdapter(server);
    const ask = (toolChoice: Parameters<typeof adapter.complete>[0]['toolChoice']) =>
      adapter.complete({ model: MODEL, messages: [Message.user('go')], tools: [readFileTool], toolChoice });
    await ask(undefined);
    await ask({ mode: 'none' });
    await ask({ mode: 'required' });
    await ask({ mode: 'named', toolName: 'read_file' });
    expect(server.requests[0]?.body.tools).toEqual([
      {
        type: 'function',
        name: 'read_file',
        description: 'Read a file.',
        parameters: readFileTool.parameters,
        strict: false,
      },
    ]);
    expect(server.requests.map((r) => r.body.tool_choice)).toEqual([
      'auto',
      'none',
      'required',
      { type: 'function', name: 'read_file' },
    ]);
  });

  it('U3.4 sends a structured tool result as JSON text and an image result as input_text + input_image', async () => {
    await openaiAdapter(server).complete({
      model: MODEL,
      messages: [
        Message.user('Screenshot and list.'),
        {
          role: 'assistant',
          content: [
            { kind: 'tool_call', toolCall: { id: 'call_a', name: 'screenshot', arguments: {} } },
            { kind: 'tool_call', toolCall: { id: 'call_b', name: 'list', arguments: {} } },
          ],
        },
        {
          role: 'tool',
          toolCallId: 'call_a',
          content: [
            {
              kind: 'tool_result',
              toolResult: {
                toolCallId: 'call_a',
                content: 'Captured.',
                isError: false,
                imageData: PNG_BASE64,
              },
            },
          ],
        },
        Message.toolResult('call_b', { files: ['a.txt'] }),
      ],
    });
    expect(recordedInput(server, 0).slice(3)).toEqual([
      {
        type: 'function_call_output',
        call_id: 'call_a',
        output: [
          { type: 'input_text', text: 'Captured.' },
          { type: 'input_image', image_url: `data:image/png;base64,${PNG_BASE64}`, detail: 'auto' },
        ],
      },
      { type: 'function_call_output', call_id: 'call_b', output: '{"files":["a.txt"]}' },
    ]);
  });

  it('U3.4 gives a call left without a result a synthetic error result, so the strict server accepts it', async () => {
    await openaiAdapter(server).complete({
      model: MODEL,
      messages: [
        Message.user('go'),
        {
          role: 'assistant',
          content: [{ kind: 'tool_call', toolCall: { id: 'call_lost', name: 'shell', arguments: {} } }],
        },
        Message.user('never mind'),
      ],
    });
    expect(server.requests[0]?.outcome.type).toBe('turn');
    const outputs = recordedInput(server, 0).filter((item) => item.type === 'function_call_output');
    expect(outputs).toEqual([expect.objectContaining({ call_id: 'call_lost' })]);
  });

  it('U3.7 sends mixed text and images in one message, in order', async () => {
    const input = await sendUser(
      { kind: 'text', text: 'Before:' },
      { kind: 'image', image: { data: PNG_BASE64, mediaType: 'image/webp' } },
      { kind: 'text', text: 'After:' },
      { kind: 'image', image: { url: 'https://example.com/after.png' } },
    );
    expect(input).toEqual([
      {
        type: 'message',
        role: 'user',
        content: [
          { type: 'input_text', text: 'Before:' },
          { type: 'input_image', image_url: `data:image/webp;base64,${PNG_BASE64}`, detail: 'auto' },
          { type: 'input_text', text: 'After:' },
          { type: 'input_image', image_url: 'https://example.com/after.png', detail: 'auto' },
        ],
      },
    ]);
    expect(server.requests[0]?.view.messages[0]?.images).toBe(2);
  });

  it('maps temperature, topP, maxTokens, metadata and responseFormat, and warns that stop sequences are not sent', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
    const response = await openaiAdapter(server).complete({
      model: MODEL,
      messages: [Message.user('Name?')],
      temperature: 0.2,
      topP: 0.9,
      maxTokens: 300,
      metadata: { session: 's-1' },
      stopSequences: ['END'],
      responseFormat: { type: 'json_schema', jsonSchema: schema, name: 'person', strict: true },
    });
    expect(server.requests[0]?.body).toMatchObject({
      temperature: 0.2,
      top_p: 0.9,
      max_output_tokens: 300,
      metadata: { session: 's-1' },
      text: { format: { type: 'json_schema', name: 'person', schema, strict: true } },
    });
    expect(server.requests[0]?.body).not.toHaveProperty('stop');
    expect(response.warnings).toEqual([expect.objectContaining({ code: 'unsupported_parameter' })]);
  });
});
