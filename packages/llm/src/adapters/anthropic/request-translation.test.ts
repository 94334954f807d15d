import { writeFile } from 'node:fs/promises';
import { createTempDir, FakeModelServer } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InvalidRequestError } from '../../errors/sdk-error.js';
import { Message } from '../../types/content.js';
import type { Request } from '../../types/request.js';
import type { Warning } from '../../types/response.js';
import { adapterFor, caught, MODEL, sentMessages } from './anthropic.test-support.js';
import { JSON_ONLY_INSTRUCTION } from './request/build-request.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await FakeModelServer.start();
  server.when(() => true, { content: [{ type: 'text', text: 'ok' }] });
});
afterEach(async () => {
  await server.close();
});

/**
 * Sends `request` (with autoCache off, so bodies show only the translation), checks the strict
 * server accepted it, and returns the recorded body and the response's warnings.
 */
async function send(
  request: Partial<Request> & Pick<Request, 'messages'>,
): Promise<{ body: Record<string, unknown>; warnings: Warning[] }> {
  const response = await adapterFor(server).complete({
    model: MODEL,
    ...request,
    providerOptions: {
      ...request.providerOptions,
      anthropic: { autoCache: false, ...request.providerOptions?.anthropic },
    },
  });
  const record = server.lastRequest;
  expect(record?.outcome).toEqual({ type: 'turn', status: 200 });
  return { body: record?.body ?? {}, warnings: response.warnings };
}

async function sent(request: Partial<Request> & Pick<Request, 'messages'>): Promise<Record<string, unknown>> {
  return (await send(request)).body;
}

const PNG_1PX =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const TOOL = { name: 'run', description: 'Runs.', parameters: { type: 'object', properties: {} } };

describe('request translation', () => {
  it('U2.5: system and developer text go to the top-level system, in order, wherever they stood', async () => {
    const body = await sent({
      messages: [
        Message.system('You are terse.'),
        Message.user('hi'),
        Message.developer('Prefer TypeScript.'),
      ],
    });
    expect(body.system).toEqual([
      { type: 'text', text: 'You are terse.' },
      { type: 'text', text: 'Prefer TypeScript.' },
    ]);
    expect(body.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }]);
  });

  it('U2.6: all five roles translate: tool results become tool_result blocks in a user turn', async () => {
    const body = await sent({
      messages: [
        Message.system('sys'),
        Message.developer('dev'),
        Message.user('list files'),
        {
          role: 'assistant',
          content: [
            { kind: 'text', text: 'Listing.' },
            { kind: 'tool_call', toolCall: { id: 'toolu_01A', name: 'run', arguments: { cmd: 'ls' } } },
          ],
        },
        Message.toolResult('toolu_01A', 'a.ts\nb.ts'),
      ],
      tools: [TOOL],
    });
    expect(body.system).toEqual([
      { type: 'text', text: 'sys' },
      { type: 'text', text: 'dev' },
    ]);
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'list files' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Listing.' },
          { type: 'tool_use', id: 'toolu_01A', name: 'run', input: { cmd: 'ls' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01A', content: 'a.ts\nb.ts' }] },
    ]);
  });

  it('enforces strict alternation: consecutive same-role turns merge, tool results first in a merged user turn', async () => {
    const body = await sent({
      messages: [
        Message.user('one'),
        Message.user('two'),
        {
          role: 'assistant',
          content: [
            { kind: 'tool_call', toolCall: { id: 'toolu_01A', name: 'run', arguments: {} } },
            { kind: 'tool_call', toolCall: { id: 'toolu_01B', name: 'run', arguments: {} } },
          ],
        },
        Message.toolResult('toolu_01A', { exitCode: 0 }),
        Message.toolResult('toolu_01B', 'failed', true),
        Message.user('and then?'),
        Message.assistant('Done.'),
        Message.assistant('Anything else?'),
        Message.user('no'),
      ],
      tools: [TOOL],
    });
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'one' },
          { type: 'text', text: 'two' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_01A', name: 'run', input: {} },
          { type: 'tool_use', id: 'toolu_01B', name: 'run', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_01A', content: '{"exitCode":0}' },
          { type: 'tool_result', tool_use_id: 'toolu_01B', content: 'failed', is_error: true },
          { type: 'text', text: 'and then?' },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Done.' },
          { type: 'text', text: 'Anything else?' },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'no' }] },
    ]);
  });

  it('leaves out empty and whitespace-only text, which the API refuses', async () => {
    const body = await sent({
      messages: [
        {
          role: 'user',
          content: [
            { kind: 'text', text: '  ' },
            { kind: 'text', text: 'real' },
          ],
        },
        Message.assistant(''),
        Message.user('more'),
      ],
    });
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'real' },
          { type: 'text', text: 'more' },
        ],
      },
    ]);
  });

  it('repairs the history first: a call with no result gets a synthetic error result, ids are made acceptable', async () => {
    await sent({
      messages: [
        Message.user('go'),
        {
          role: 'assistant',
          content: [{ kind: 'tool_call', toolCall: { id: 'call|fc_9', name: 'run', arguments: {} } }],
        },
        Message.user('interrupted; continue'),
      ],
      tools: [TOOL],
    });
    const [, assistant, user] = sentMessages(server);
    const id = String(assistant?.content[0]?.id);
    expect(id).toMatch(/^[a-zA-Z0-9_-]+$/);
    expect(user?.content[0]).toMatchObject({ type: 'tool_result', tool_use_id: id, is_error: true });
    expect(user?.content[1]).toEqual({ type: 'text', text: 'interrupted; continue' });
  });

  it('U3.2/U3.7: images go as URL, base64 and local path (read and sent inline), mixed with text', async () => {
    await using dir = createTempDir('weft-anthropic-image-');
    const local = dir.join('shot.png');
    await writeFile(local, Buffer.from(PNG_1PX, 'base64'));
    const body = await sent({
      messages: [
        {
          role: 'user',
          content: [
            { kind: 'text', text: 'Compare these:' },
            { kind: 'image', image: { url: 'https://example.com/cat.jpg' } },
            { kind: 'image', image: { data: PNG_1PX, mediaType: 'image/png' } },
            { kind: 'image', image: { url: local } },
          ],
        },
      ],
    });
    expect(body.messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Compare these:' },
          { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1PX } },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG_1PX } },
        ],
      },
    ]);
    expect(server.lastRequest?.view.messages[0]?.images).toBe(3);
  });

  it('U3.3: PDF documents go as document blocks (base64 or URL), plain text as a text source', async () => {
    const pdf = Buffer.from('%PDF-1.4 fake').toString('base64');
    await sent({
      messages: [
        {
          role: 'user',
          content: [
            { kind: 'document', document: { data: pdf, mediaType: 'application/pdf', fileName: 'spec.pdf' } },
            { kind: 'document', document: { url: 'https://example.com/paper.pdf' } },
            {
              kind: 'document',
              document: { data: Buffer.from('héllo').toString('base64'), mediaType: 'text/plain' },
            },
            { kind: 'text', text: 'Summarise.' },
          ],
        },
      ],
    });
    expect(sentMessages(server)[0]?.content).toEqual([
      {
        type: 'document',
        source: { type: 'base64', media_type: 'application/pdf', data: pdf },
        title: 'spec.pdf',
      },
      { type: 'document', source: { type: 'url', url: 'https://example.com/paper.pdf' } },
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'héllo' } },
      { type: 'text', text: 'Summarise.' },
    ]);
  });

  it.each([
    ['audio', { kind: 'audio' as const, audio: { data: 'AAAA', mediaType: 'audio/wav' } }, /audio/],
    [
      'a Word document',
      {
        kind: 'document' as const,
        document: {
          data: 'AAAA',
          mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        },
      },
      /PDF or plain text/,
    ],
    [
      'a HEIC image',
      { kind: 'image' as const, image: { data: 'AAAA', mediaType: 'image/heic' } },
      /JPEG, PNG/,
    ],
    [
      'a missing local file',
      { kind: 'image' as const, image: { url: './does/not/exist.png' } },
      /Cannot read/,
    ],
  ])('U3.3: rejects %s with InvalidRequestError before any request is made', async (_name, part, message) => {
    const error = await caught(() =>
      adapterFor(server).complete({ model: MODEL, messages: [{ role: 'user', content: [part] }] }),
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect((error as Error).message).toMatch(message);
    expect(server.requests).toHaveLength(0);
  });

  it('tool definitions go as {name, description, input_schema}', async () => {
    const body = await sent({
      messages: [Message.user('hi')],
      tools: [
        {
          name: 'read_file',
          description: 'Reads a file.',
          parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
        },
      ],
    });
    expect(body.tools).toEqual([
      {
        name: 'read_file',
        description: 'Reads a file.',
        input_schema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
      },
    ]);
    expect(body).not.toHaveProperty('tool_choice');
  });

  it.each([
    [{ mode: 'auto' as const }, { type: 'auto' }],
    [{ mode: 'none' as const }, { type: 'none' }],
    [{ mode: 'required' as const }, { type: 'any' }],
    [
      { mode: 'named' as const, toolName: 'run' },
      { type: 'tool', name: 'run' },
    ],
  ])('U7.9: tool choice %o is sent as %o, with the tools kept', async (toolChoice, wire) => {
    const body = await sent({ messages: [Message.user('hi')], tools: [TOOL], toolChoice });
    expect(body.tool_choice).toEqual(wire);
    expect(body.tools).toHaveLength(1);
  });

  it('refuses a named tool choice that names no offered tool, before sending', async () => {
    const error = await caught(() =>
      adapterFor(server).complete({
        model: MODEL,
        messages: [Message.user('hi')],
        tools: [TOOL],
        toolChoice: { mode: 'named', toolName: 'other' },
      }),
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['claude-sonnet-5-5', 16_384],
    ['claude-opus-4-1', 16_384],
    ['claude-3-5-haiku-20241022', 8192],
    ['claude-3-haiku-20240307', 4096],
    ['some-proxy-model', 4096],
  ])('max_tokens defaults per model: %s gets %i', async (model, maxTokens) => {
    const body = await sent({ model, messages: [Message.user('hi')] });
    expect(body.max_tokens).toBe(maxTokens);
  });

  it('maps maxTokens, stopSequences and metadata.user_id; other metadata keys would be a 400, so they are left out', async () => {
    const { body, warnings } = await send({
      messages: [Message.user('hi')],
      maxTokens: 123,
      stopSequences: ['###'],
      metadata: { user_id: 'u-42', team: 'core' },
    });
    expect(body).toMatchObject({ max_tokens: 123, stop_sequences: ['###'], metadata: { user_id: 'u-42' } });
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'metadata_dropped', message: expect.stringContaining('team') }),
    ]);
  });

  it('leaves out temperature and topP, which the Messages params no longer have, with a warning; provider options can still send them', async () => {
    const { body, warnings } = await send({
      messages: [Message.user('hi')],
      temperature: 0.2,
      topP: 0.9,
      providerOptions: { anthropic: { temperature: 0.5 } },
    });
    expect(body.temperature).toBe(0.5);
    expect(body).not.toHaveProperty('top_p');
    expect(warnings.map((warning) => warning.code)).toEqual(['unsupported_setting', 'unsupported_setting']);
  });

  it('maps responseFormat: json_schema to output_config.format, json to a system instruction', async () => {
    const schema = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
    const structured = await sent({
      messages: [Message.user('Alice')],
      responseFormat: { type: 'json_schema', jsonSchema: schema },
    });
    expect(structured.output_config).toEqual({ format: { type: 'json_schema', schema } });
    const json = await sent({
      messages: [Message.system('Extract.'), Message.user('Alice')],
      responseFormat: { type: 'json' },
    });
    expect(json.system).toEqual([
      { type: 'text', text: 'Extract.' },
      { type: 'text', text: JSON_ONLY_INSTRUCTION },
    ]);
  });
});
