import { writeFileSync } from 'node:fs';
import { createTempDir, type FakeModelServer } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../errors/sdk-error.js';
import { type ContentPart, Message } from '../../types/content.js';
import type { ToolDefinition } from '../../types/request.js';
import { caught, collect, finishOf, startServer } from '../openai/openai.test-support.js';
import { CHAT_MODEL, compatAdapter, recordedMessages } from './openai-compatible.test-support.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await startServer();
  server.when(() => true, { content: [{ type: 'text', text: 'Seen.' }] });
});
afterEach(async () => {
  await server.close();
});

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const readFileTool: ToolDefinition = {
  name: 'read_file',
  description: 'Read a file.',
  parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
};

async function sendUser(name: string, ...content: ContentPart[]) {
  await compatAdapter(server, { name }).complete({
    model: CHAT_MODEL,
    messages: [{ role: 'user', content }],
  });
  return recordedMessages(server, server.requests.length - 1);
}

describe('OpenAICompatibleAdapter: content (spec U3)', () => {
  it('U3.1 sends text-only user content as a plain string (some servers take nothing else)', async () => {
    expect(
      await sendUser('deepseek', { kind: 'text', text: 'Hi.' }, { kind: 'text', text: 'Again.' }),
    ).toEqual([{ role: 'user', content: 'Hi.\n\nAgain.' }]);
  });

  it('U3.2 / U3.7 sends images as image_url parts: URL, base64 data: URL and a local file, mixed with text', async () => {
    using dir = createTempDir('compat-image-');
    const path = dir.join('diagram.png');
    writeFileSync(path, Buffer.from(PNG_BASE64, 'base64'));
    const messages = await sendUser(
      'ollama',
      { kind: 'text', text: 'Compare:' },
      { kind: 'image', image: { url: 'https://example.com/a.png', detail: 'high' } },
      { kind: 'image', image: { data: PNG_BASE64, mediaType: 'image/jpeg' } },
      { kind: 'image', image: { url: path } },
    );
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Compare:' },
          { type: 'image_url', image_url: { url: 'https://example.com/a.png', detail: 'high' } },
          { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${PNG_BASE64}` } },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
        ],
      },
    ]);
    expect(server.requests[0]?.view.messages[0]?.images).toBe(3);
  });

  it('U3.2 rejects images, before any request, for a server whose quirks say it takes none', async () => {
    const error = await caught(() => sendUser('deepseek', { kind: 'image', image: { data: PNG_BASE64 } }));
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(error).toMatchObject({ provider: 'deepseek', retryable: false });
    expect(server.requests).toHaveLength(0);
  });

  it('U3.3 rejects audio and documents before any request unless the quirks enable them', async () => {
    const audio: ContentPart = { kind: 'audio', audio: { data: 'UklGRg==', mediaType: 'audio/wav' } };
    const pdf: ContentPart = {
      kind: 'document',
      document: { data: 'JVBERi0=', mediaType: 'application/pdf', fileName: 'a.pdf' },
    };
    expect(await caught(() => sendUser('vllm', audio))).toBeInstanceOf(InvalidRequestError);
    expect(await caught(() => sendUser('vllm', pdf))).toBeInstanceOf(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });

  it('U3.3 sends wav/mp3 audio as input_audio and a PDF as a file part where the server takes them (OpenAI)', async () => {
    const messages = await sendUser(
      'openai',
      { kind: 'audio', audio: { data: 'UklGRg==', mediaType: 'audio/wav' } },
      { kind: 'audio', audio: { data: 'SUQz', mediaType: 'audio/mpeg' } },
      { kind: 'document', document: { data: 'JVBERi0=', mediaType: 'application/pdf', fileName: 'a.pdf' } },
    );
    expect(messages[0]?.content).toEqual([
      { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
      { type: 'input_audio', input_audio: { data: 'SUQz', format: 'mp3' } },
      { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'a.pdf' } },
    ]);
  });

  it('U3.3 rejects audio it cannot send inline as wav or mp3', async () => {
    const error = await caught(() =>
      sendUser('openai', { kind: 'audio', audio: { data: 'ZkxhQw==', mediaType: 'audio/flac' } }),
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });

  it('U3.4 round-trips a tool call: the call, a tool message with its id, then the next turn', async () => {
    server.reset();
    server.enqueue(
      {
        content: [{ type: 'tool_call', name: 'read_file', arguments: { path: 'a.txt' }, argumentChunks: 5 }],
      },
      { content: [{ type: 'text', text: 'It says hello.' }] },
    );
    const adapter = compatAdapter(server);
    const history = [Message.user('What does a.txt say?')];
    const first = finishOf(
      await collect(adapter.stream({ model: CHAT_MODEL, messages: history, tools: [readFileTool] })),
    ).response;
    expect(first.finishReason).toEqual({ reason: 'tool_calls', raw: 'tool_calls' });
    const [call] = Message.toolCalls(first.message);
    if (!call) throw new Error('no call');
    expect(call).toMatchObject({ name: 'read_file', arguments: { path: 'a.txt' } });
    history.push(first.message, Message.toolResult(call.id, 'hello'));
    const second = await adapter.complete({ model: CHAT_MODEL, messages: history, tools: [readFileTool] });
    expect(Message.text(second.message)).toBe('It says hello.');
    expect(server.requests[1]?.outcome.type).toBe('turn');
    expect(recordedMessages(server, 1)).toEqual([
      { role: 'user', content: 'What does a.txt say?' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: call.id, type: 'function', function: { name: 'read_file', arguments: '{"path":"a.txt"}' } },
        ],
      },
      { role: 'tool', tool_call_id: call.id, content: 'hello' },
    ]);
  });

  it('U3.4 maps every tool-choice mode to the Chat shape', async () => {
    const adapter = compatAdapter(server);
    for (const toolChoice of [
      undefined,
      { mode: 'none' },
      { mode: 'required' },
      { mode: 'named', toolName: 'read_file' },
    ] as const) {
      await adapter.complete({
        model: CHAT_MODEL,
        messages: [Message.user('go')],
        tools: [readFileTool],
        toolChoice,
      });
    }
    expect(server.requests.map((request) => request.body.tool_choice)).toEqual([
      'auto',
      'none',
      'required',
      { type: 'function', function: { name: 'read_file' } },
    ]);
  });

  it('U3.4 sends structured results as JSON text, and a tool’s image after the tool messages as a user message', async () => {
    await compatAdapter(server).complete({
      model: CHAT_MODEL,
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
    expect(server.requests[0]?.outcome.type).toBe('turn'); // no user message splits the results
    expect(recordedMessages(server, 0).slice(2)).toEqual([
      { role: 'tool', tool_call_id: 'call_a', content: 'Captured.' },
      { role: 'tool', tool_call_id: 'call_b', content: '{"files":["a.txt"]}' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'The image returned by tool call call_a:' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
        ],
      },
    ]);
  });

  it('switching provider: foreign thinking becomes quoted text, a foreign call id that breaks the rule is rewritten', async () => {
    const geminiId = 'call_7f6c1e0a-3b9d-4f5e-9c1a-2d8e4b6a0f13.with-a-suffix';
    await compatAdapter(server, { name: 'mistral' }).complete({
      model: 'mistral-large-latest',
      messages: [
        Message.user('Plan.'),
        {
          role: 'assistant',
          origin: { provider: 'gemini', model: 'gemini-3-flash-preview' },
          content: [
            {
              kind: 'thinking',
              thinking: { text: 'Check the file first.', signature: 'CvYBAY8…', redacted: false },
            },
            {
              kind: 'tool_call',
              toolCall: { id: geminiId, name: 'read_file', arguments: { path: 'a' }, signature: 'sig' },
            },
          ],
        },
        Message.toolResult(geminiId, 'contents'),
      ],
    });
    expect(server.requests[0]?.outcome.type).toBe('turn');
    const [, assistant, tool] = recordedMessages(server, 0);
    const calls = assistant?.tool_calls as { id: string }[];
    expect(calls[0]?.id).toMatch(/^[A-Za-z0-9]{9}$/);
    expect(tool).toEqual({ role: 'tool', tool_call_id: calls[0]?.id, content: 'contents' });
    expect(assistant?.content).toBe('<earlier_reasoning>\nCheck the file first.\n</earlier_reasoning>');
    expect(JSON.stringify(server.requests[0]?.body)).not.toContain('CvYBAY8');
  });

  it('maps temperature, topP, maxTokens, stop sequences and response formats', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } } };
    await compatAdapter(server).complete({
      model: CHAT_MODEL,
      messages: [Message.user('Name?')],
      temperature: 0.1,
      topP: 0.5,
      maxTokens: 256,
      stopSequences: ['END'],
      responseFormat: { type: 'json_schema', jsonSchema: schema, name: 'person' },
    });
    await compatAdapter(server).complete({
      model: CHAT_MODEL,
      messages: [Message.user('JSON please')],
      responseFormat: { type: 'json' },
    });
    expect(server.requests[0]?.body).toMatchObject({
      temperature: 0.1,
      top_p: 0.5,
      max_tokens: 256,
      stop: ['END'],
      response_format: { type: 'json_schema', json_schema: { name: 'person', schema, strict: false } },
    });
    expect(server.requests[1]?.body.response_format).toEqual({ type: 'json_object' });
  });
});
