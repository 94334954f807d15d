import Anthropic from '@anthropic-ai/sdk';
import { ApiError } from '@google/genai';
import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeModelServer } from '../server/fake-model-server.js';
import { anthropicClient, caught, geminiClient, openaiClient } from './sdk-clients.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await FakeModelServer.start();
});
afterEach(async () => {
  await server.close();
});

const ok = { content: [{ type: 'text' as const, text: 'ok' }] };

describe('requests the real Anthropic API rejects get its real 400', () => {
  const base = { model: 'claude-sonnet-5-5', max_tokens: 100 };
  const toolUse = { type: 'tool_use' as const, id: 'toolu_01X', name: 'read_file', input: {} };

  async function rejection(params: Record<string, unknown>) {
    const error = await caught(() =>
      anthropicClient(server).messages.create({
        ...base,
        ...params,
      } as unknown as Anthropic.MessageCreateParamsNonStreaming),
    );
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(server.lastRequest?.outcome).toMatchObject({ type: 'rejected', status: 400 });
    return (error as InstanceType<typeof Anthropic.APIError>).error as {
      error: { type: string; message: string };
    };
  }

  it('rejects a tool_use with no tool_result in the next user turn', async () => {
    const body = await rejection({
      messages: [
        { role: 'user', content: 'read it' },
        { role: 'assistant', content: [toolUse] },
        { role: 'user', content: 'never mind' },
      ],
    });
    expect(body.error).toEqual({
      type: 'invalid_request_error',
      message:
        'messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01X. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
    });
  });

  it('rejects a tool_result whose tool_use_id matches no tool_use', async () => {
    const body = await rejection({
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01Ghost', content: 'x' }] },
      ],
    });
    expect(body.error.message).toBe(
      'messages.2.content.0: unexpected `tool_use_id` found in `tool_result` blocks: toolu_01Ghost. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
    );
  });

  it('rejects a request without max_tokens', async () => {
    const error = await caught(() =>
      anthropicClient(server).messages.create({
        model: 'claude-sonnet-5-5',
        messages: [{ role: 'user', content: 'hi' }],
      } as unknown as Anthropic.MessageCreateParamsNonStreaming),
    );
    expect((error as InstanceType<typeof Anthropic.APIError>).message).toContain(
      'max_tokens: Field required',
    );
  });

  it('rejects a tool name outside [a-zA-Z0-9_-]{1,64}', async () => {
    const body = await rejection({
      messages: [{ role: 'user', content: 'hi' }],
      tools: [{ name: 'read file', input_schema: { type: 'object' } }],
    });
    expect(body.error.message).toBe(
      "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'",
    );
  });

  it('rejects empty text blocks and empty messages', async () => {
    expect(
      (await rejection({ messages: [{ role: 'user', content: [{ type: 'text', text: '' }] }] })).error
        .message,
    ).toBe('messages: text content blocks must be non-empty');
    expect((await rejection({ messages: [{ role: 'user', content: [] }] })).error.message).toBe(
      'messages.0: all messages must have non-empty content except for the optional final assistant message',
    );
  });

  it('rejects a thinking block whose signature it never issued, and accepts the one it did', async () => {
    server.enqueue({
      content: [{ type: 'reasoning', text: 'hmm', signature: 'issued-sig' }, toolCallBlock()],
    });
    const first = await anthropicClient(server).messages.create({
      ...base,
      messages: [{ role: 'user', content: 'go' }],
    });
    const history = (signature: string) => [
      { role: 'user' as const, content: 'go' },
      {
        role: 'assistant' as const,
        content: first.content.map((block) => (block.type === 'thinking' ? { ...block, signature } : block)),
      },
      {
        role: 'user' as const,
        content: [{ type: 'tool_result' as const, tool_use_id: 'toolu_01T', content: 'done' }],
      },
    ];
    const thinking = { type: 'enabled', budget_tokens: 2000 };
    expect((await rejection({ thinking, messages: history('tampered') })).error.message).toBe(
      'messages.1.content.0: Invalid `signature` in `thinking` block',
    );
    server.enqueue(ok);
    const accepted = await anthropicClient(server).messages.create({
      ...base,
      thinking: { type: 'enabled', budget_tokens: 2000 },
      messages: history('issued-sig'),
    });
    expect(accepted.content[0]).toMatchObject({ text: 'ok' });
  });

  it('rejects a tool loop whose assistant message lost its thinking block while thinking is on', async () => {
    const body = await rejection({
      thinking: { type: 'enabled', budget_tokens: 2000 },
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [toolUse] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01X', content: 'done' }] },
      ],
    });
    expect(body.error.message).toMatch(
      /^messages\.1\.content\.0\.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`\. When `thinking` is enabled/,
    );
  });

  it('lets the same request through when strictness is switched off', async () => {
    server.strict = false;
    server.enqueue(ok);
    const message = await anthropicClient(server).messages.create({
      ...base,
      messages: [
        { role: 'user', content: 'read it' },
        { role: 'assistant', content: [toolUse] },
        { role: 'user', content: 'never mind' },
      ],
    });
    expect(message.content[0]).toMatchObject({ text: 'ok' });
  });
});

function toolCallBlock() {
  return { type: 'tool_call' as const, name: 'read_file', id: 'toolu_01T', arguments: {} };
}

describe('requests the real OpenAI Responses API rejects get its real 400', () => {
  it('rejects a function_call_output whose call_id matches no call', async () => {
    const error = await caught(() =>
      openaiClient(server).responses.create({
        model: 'gpt-5',
        input: [
          { role: 'user', content: 'hi' },
          { type: 'function_call_output', call_id: 'call_ghost', output: 'x' },
        ],
      }),
    );
    expect(error).toBeInstanceOf(OpenAI.BadRequestError);
    expect((error as InstanceType<typeof OpenAI.APIError>).message).toContain(
      'No tool call found for function call output with call_id call_ghost.',
    );
    expect((error as InstanceType<typeof OpenAI.APIError>).param).toBe('input');
  });

  it('rejects a function_call with no output after it', async () => {
    const error = await caught(() =>
      openaiClient(server).responses.create({
        model: 'gpt-5',
        input: [
          { role: 'user', content: 'hi' },
          { type: 'function_call', call_id: 'call_1', name: 'shell', arguments: '{}' },
        ],
      }),
    );
    expect((error as InstanceType<typeof OpenAI.APIError>).message).toContain(
      'No tool output found for function call call_1.',
    );
  });

  it('rejects reasoning encrypted content it never issued', async () => {
    const error = await caught(() =>
      openaiClient(server).responses.create({
        model: 'gpt-5',
        input: [
          { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'forged' },
          { role: 'user', content: 'hi' },
        ],
      }),
    );
    expect((error as InstanceType<typeof OpenAI.APIError>).code).toBe('invalid_encrypted_content');
  });

  it('rejects a function tool name that does not match ^[a-zA-Z0-9_-]+$', async () => {
    const error = await caught(() =>
      openaiClient(server).responses.create({
        model: 'gpt-5',
        input: 'hi',
        tools: [{ type: 'function', name: 'bad.name', parameters: {}, strict: false }],
      }),
    );
    expect((error as InstanceType<typeof OpenAI.APIError>).message).toContain(
      "Invalid 'tools[0].name': string does not match pattern.",
    );
  });
});

describe('requests the real Chat Completions API rejects get its real 400', () => {
  it('rejects an assistant tool call that no tool message answers', async () => {
    const error = await caught(() =>
      openaiClient(server).chat.completions.create({
        model: 'gpt-4.1',
        messages: [
          { role: 'user', content: 'hi' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'shell', arguments: '{}' } }],
          },
          { role: 'user', content: 'and?' },
        ],
      }),
    );
    expect((error as InstanceType<typeof OpenAI.APIError>).message).toContain(
      "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: call_1",
    );
    expect((error as InstanceType<typeof OpenAI.APIError>).param).toBe('messages.[1].role');
  });

  it('rejects a tool message with no preceding tool call', async () => {
    const error = await caught(() =>
      openaiClient(server).chat.completions.create({
        model: 'gpt-4.1',
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'tool', tool_call_id: 'call_x', content: 'orphan' },
        ],
      }),
    );
    expect((error as InstanceType<typeof OpenAI.APIError>).message).toContain(
      "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
    );
  });
});

describe('requests the real Gemini API rejects get its real 400', () => {
  async function geminiRejection(model: string, contents: unknown[]) {
    const error = await caught(() =>
      geminiClient(server).models.generateContent({ model, contents: contents as never }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    return (JSON.parse((error as ApiError).message) as { error: { message: string; status: string } }).error;
  }

  it('rejects a functionResponse with no functionCall before it', async () => {
    const error = await geminiRejection('gemini-2.5-flash', [
      { role: 'user', parts: [{ text: 'hi' }] },
      { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { output: 'x' } } }] },
    ]);
    expect(error).toMatchObject({
      status: 'INVALID_ARGUMENT',
      message: 'Please ensure that function response turn comes immediately after a function call turn.',
    });
  });

  it('rejects a Gemini 3 function call of the current turn replayed without its thoughtSignature', async () => {
    const error = await geminiRejection('gemini-3-pro-preview', [
      { role: 'user', parts: [{ text: 'read a.ts' }] },
      { role: 'model', parts: [{ functionCall: { name: 'read_file', args: { path: 'a.ts' } } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { output: 'x' } } }] },
    ]);
    expect(error.message).toMatch(/^Function call is missing a thought_signature in functionCall parts\./);
    expect(error.message).toContain('`default_api:read_file`');
  });

  it('accepts the same history from an older model, and from Gemini 3 once the signature is echoed', async () => {
    server.enqueue(
      ok,
      {
        content: [
          { type: 'reasoning', text: '', signature: 'gem-sig' },
          { type: 'tool_call', name: 'read_file', arguments: { path: 'a.ts' } },
        ],
      },
      ok,
    );
    const history = (signature?: string) => [
      { role: 'user', parts: [{ text: 'read a.ts' }] },
      {
        role: 'model',
        parts: [
          {
            functionCall: { name: 'read_file', args: { path: 'a.ts' } },
            ...(signature ? { thoughtSignature: signature } : {}),
          },
        ],
      },
      { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { output: 'x' } } }] },
    ];
    const client = geminiClient(server);
    expect(
      (await client.models.generateContent({ model: 'gemini-2.5-flash', contents: history() })).text,
    ).toBe('ok');
    const call = await client.models.generateContent({
      model: 'gemini-3-pro-preview',
      contents: 'read a.ts',
    });
    const signature = call.candidates?.[0]?.content?.parts?.[0]?.thoughtSignature;
    expect(signature).toBe('gem-sig');
    expect(
      (await client.models.generateContent({ model: 'gemini-3-pro-preview', contents: history(signature) }))
        .text,
    ).toBe('ok');
  });

  it('accepts the documented skip_thought_signature_validator value for a call Gemini did not produce', async () => {
    server.enqueue(ok);
    const response = await geminiClient(server).models.generateContent({
      model: 'gemini-3-pro-preview',
      contents: [
        { role: 'user', parts: [{ text: 'read a.ts' }] },
        {
          role: 'model',
          parts: [
            {
              functionCall: { name: 'read_file', args: {} },
              thoughtSignature: 'skip_thought_signature_validator',
            },
          ],
        },
        { role: 'user', parts: [{ functionResponse: { name: 'read_file', response: { output: 'x' } } }] },
      ],
    });
    expect(response.text).toBe('ok');
  });

  it('rejects a thoughtSignature it never issued', async () => {
    const error = await geminiRejection('gemini-3-pro-preview', [
      { role: 'user', parts: [{ text: 'hi' }] },
      { role: 'model', parts: [{ text: 'hello', thoughtSignature: 'from-another-provider' }] },
      { role: 'user', parts: [{ text: 'again' }] },
    ]);
    expect(error.message).toBe('Thought signature is not valid.');
  });
});
