import { writeFileSync } from 'node:fs';
import { createTempDir, type FakeModelServer } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AuthenticationError, ConfigurationError, InvalidRequestError } from '../../errors/sdk-error.js';
import { type ContentPart, Message } from '../../types/content.js';
import type { Request, ToolDefinition } from '../../types/request.js';
import { GeminiAdapter } from './gemini-adapter.js';
import { caught, collect, startGemini, TEST_KEY } from './gemini-adapter.test-support.js';

const MODEL = 'gemini-2.5-flash';
const READ_FILE: ToolDefinition = {
  name: 'read_file',
  description: 'Reads a file.',
  parameters: {
    type: 'object',
    properties: { path: { type: 'string' } },
    required: ['path'],
    additionalProperties: false,
  },
};
const LIST_DIR: ToolDefinition = {
  name: 'list_dir',
  description: 'Lists a folder.',
  parameters: { type: 'object', properties: {} },
};

let server: FakeModelServer;
let adapter: GeminiAdapter;
beforeEach(async () => {
  ({ server, adapter } = await startGemini());
  server.when(() => true, { content: [{ type: 'text', text: 'ok' }] });
});
afterEach(async () => {
  await server.close();
});

type Body = Record<string, unknown> & {
  contents: { role: string; parts: Record<string, unknown>[] }[];
  generationConfig?: Record<string, unknown>;
};

/** Sends `request` through complete() and returns the JSON body Gemini received. */
async function sentBody(request: Partial<Request> & Pick<Request, 'messages'>): Promise<Body> {
  await adapter.complete({ model: MODEL, ...request });
  return server.lastRequest?.body as Body;
}

describe('Gemini adapter: the native API and authentication', () => {
  it('U2.1 complete() posts to the native generateContent endpoint, stream() to streamGenerateContent?alt=sse', async () => {
    await adapter.complete({ model: MODEL, messages: [Message.user('hi')] });
    await collect(adapter.stream({ model: MODEL, messages: [Message.user('hi')] }));
    expect(server.requests.map((r) => [r.method, r.path, r.query.alt])).toEqual([
      ['POST', `/v1beta/models/${MODEL}:generateContent`, undefined],
      ['POST', `/v1beta/models/${MODEL}:streamGenerateContent`, 'sse'],
    ]);
  });

  it('U2.2 sends the explicit key as x-goog-api-key; a key the server refuses is an AuthenticationError', async () => {
    const guarded = await startGemini({
      server: { apiKey: 'the-right-key' },
      adapter: { apiKey: 'the-right-key' },
    });
    try {
      guarded.server.enqueue({ content: [{ type: 'text', text: 'welcome' }] });
      const response = await guarded.adapter.complete({ model: MODEL, messages: [Message.user('hi')] });
      expect(Message.text(response.message)).toBe('welcome');
      expect(guarded.server.lastRequest?.headers['x-goog-api-key']).toBe('the-right-key');

      const intruder = new GeminiAdapter({ apiKey: 'a-wrong-key', baseUrl: guarded.server.url });
      const error = await caught(() => intruder.complete({ model: MODEL, messages: [Message.user('hi')] }));
      expect(error).toBeInstanceOf(AuthenticationError);
    } finally {
      await guarded.server.close();
    }
  });

  describe('U2.2 key from the environment', () => {
    const saved = { GEMINI_API_KEY: process.env.GEMINI_API_KEY, GOOGLE_API_KEY: process.env.GOOGLE_API_KEY };
    afterEach(() => {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    });

    it('reads GEMINI_API_KEY first, then GOOGLE_API_KEY', async () => {
      process.env.GEMINI_API_KEY = 'from-gemini-env';
      process.env.GOOGLE_API_KEY = 'from-google-env';
      await new GeminiAdapter({ baseUrl: server.url }).complete({
        model: MODEL,
        messages: [Message.user('a')],
      });
      delete process.env.GEMINI_API_KEY;
      await new GeminiAdapter({ baseUrl: server.url }).complete({
        model: MODEL,
        messages: [Message.user('b')],
      });
      expect(server.requests.map((r) => r.headers['x-goog-api-key'])).toEqual([
        'from-gemini-env',
        'from-google-env',
      ]);
    });

    it('with no key anywhere, construction fails with ConfigurationError', () => {
      delete process.env.GEMINI_API_KEY;
      delete process.env.GOOGLE_API_KEY;
      expect(() => new GeminiAdapter({ baseUrl: server.url })).toThrow(ConfigurationError);
    });
  });

  it('sends defaultHeaders with every request, and apiVersion picks the path version', async () => {
    const custom = new GeminiAdapter({
      apiKey: TEST_KEY,
      baseUrl: server.url,
      apiVersion: 'v1',
      defaultHeaders: { 'x-weft-trace': 'trace-7' },
    });
    await custom.complete({ model: MODEL, messages: [Message.user('hi')] });
    await collect(custom.stream({ model: MODEL, messages: [Message.user('hi')] }));
    for (const request of server.requests) {
      expect(request.path.startsWith(`/v1/models/${MODEL}:`)).toBe(true);
      expect(request.headers['x-weft-trace']).toBe('trace-7');
    }
  });

  it('makes its calls with the fetch it is given, which gets no undici dispatcher', async () => {
    const calls: { url: string; dispatcher: boolean }[] = [];
    const recording: typeof fetch = (input, init) => {
      calls.push({ url: String(input), dispatcher: init !== undefined && 'dispatcher' in init });
      return fetch(input, init);
    };
    const custom = new GeminiAdapter({ apiKey: TEST_KEY, baseUrl: server.url, fetch: recording });
    await custom.complete({ model: MODEL, messages: [Message.user('hi')] });
    await collect(custom.stream({ model: MODEL, messages: [Message.user('hi')] }));
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual([
      `/v1beta/models/${MODEL}:generateContent`,
      `/v1beta/models/${MODEL}:streamGenerateContent`,
    ]);
    expect(calls.some((call) => call.dispatcher)).toBe(false);
    expect(server.requests).toHaveLength(2);
  });

  it('switches off the SDK’s automatic continuation and function calling: one call is one request', async () => {
    const body = await sentBody({ messages: [Message.user('hi')], tools: [READ_FILE] });
    expect(server.requests).toHaveLength(1);
    // Neither switch is a wire field; they only keep the SDK from sending requests of its own.
    expect(JSON.stringify(body)).not.toMatch(/automaticContinuation|automaticFunctionCalling/);
  });
});

describe('Gemini adapter: roles and system text', () => {
  it('U2.5 system and developer text go to systemInstruction, one part per message, wherever they stand', async () => {
    const body = await sentBody({
      messages: [
        Message.system('You are terse.'),
        Message.user('hi'),
        Message.developer('Answer in French.'),
        Message.assistant('Bonjour.'),
        Message.user('again'),
      ],
    });
    expect(body.systemInstruction).toEqual({
      parts: [{ text: 'You are terse.' }, { text: 'Answer in French.' }],
    });
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'hi' }] },
      { role: 'model', parts: [{ text: 'Bonjour.' }] },
      { role: 'user', parts: [{ text: 'again' }] },
    ]);
  });

  it('U2.6 translates all five roles: user → user, assistant → model, tool → functionResponse in a user turn, system and developer → systemInstruction', async () => {
    const call: ContentPart = {
      kind: 'tool_call',
      toolCall: { id: 'call_1', name: 'read_file', arguments: { path: 'a.ts' } },
    };
    const body = await sentBody({
      messages: [
        Message.system('sys'),
        Message.developer('dev'),
        Message.user('read a.ts'),
        { role: 'assistant', content: [{ kind: 'text', text: 'Reading.' }, call] },
        Message.toolResult('call_1', 'export {}'),
      ],
      tools: [READ_FILE],
    });
    expect(body.systemInstruction).toEqual({ parts: [{ text: 'sys' }, { text: 'dev' }] });
    expect(body.contents).toEqual([
      { role: 'user', parts: [{ text: 'read a.ts' }] },
      {
        role: 'model',
        parts: [{ text: 'Reading.' }, { functionCall: { name: 'read_file', args: { path: 'a.ts' } } }],
      },
      {
        role: 'user',
        parts: [{ functionResponse: { name: 'read_file', response: { result: 'export {}' } } }],
      },
    ]);
    expect(server.lastRequest?.view.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  });

  it('U3.1 sends a text-only conversation as text parts and nothing else', async () => {
    const body = await sentBody({ messages: [Message.user('What is 2 + 2?')] });
    expect(body.contents).toEqual([{ role: 'user', parts: [{ text: 'What is 2 + 2?' }] }]);
    expect(body).not.toHaveProperty('systemInstruction');
    expect(body).not.toHaveProperty('tools');
  });

  it('refuses a conversation of system text alone before any request is made', async () => {
    const error = await caught(() =>
      adapter.complete({ model: MODEL, messages: [Message.system('only this')] }),
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });
});

describe('Gemini adapter: images, audio and documents', () => {
  const PNG_BASE64 =
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

  it('U3.2 sends an image URL as fileData, base64 as inlineData, and a local path read from disk as inlineData', async () => {
    using dir = createTempDir('gemini-image-');
    const path = dir.join('diagram.jpg');
    writeFileSync(path, Buffer.from('fake jpeg bytes'));
    const body = await sentBody({
      messages: [
        {
          role: 'user',
          content: [
            { kind: 'image', image: { url: 'https://example.com/cat.webp' } },
            { kind: 'image', image: { data: PNG_BASE64 } },
            { kind: 'image', image: { url: path } },
          ],
        },
      ],
    });
    expect(body.contents[0]?.parts).toEqual([
      { fileData: { fileUri: 'https://example.com/cat.webp', mimeType: 'image/webp' } },
      { inlineData: { mimeType: 'image/png', data: PNG_BASE64 } },
      { inlineData: { mimeType: 'image/jpeg', data: Buffer.from('fake jpeg bytes').toString('base64') } },
    ]);
    expect(server.lastRequest?.view.messages[0]?.images).toBe(3);
  });

  it('sends a data: URL image inline, since Gemini cannot fetch one', async () => {
    const body = await sentBody({
      messages: [
        { role: 'user', content: [{ kind: 'image', image: { url: `data:image/gif;base64,R0lGOD==` } }] },
      ],
    });
    expect(body.contents[0]?.parts).toEqual([{ inlineData: { mimeType: 'image/gif', data: 'R0lGOD==' } }]);
  });

  it('refuses a local image that does not exist before any request is made', async () => {
    const error = await caught(() =>
      adapter.complete({
        model: MODEL,
        messages: [{ role: 'user', content: [{ kind: 'image', image: { url: './no/such/picture.png' } }] }],
      }),
    );
    expect(error).toBeInstanceOf(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });

  it('U3.3 sends audio and PDF documents as inlineData (Gemini takes both), and document URLs as fileData', async () => {
    const body = await sentBody({
      messages: [
        {
          role: 'user',
          content: [
            { kind: 'text', text: 'Transcribe and summarise.' },
            { kind: 'audio', audio: { data: 'UklGRg==', mediaType: 'audio/wav' } },
            {
              kind: 'document',
              document: { data: 'JVBERi0=', mediaType: 'application/pdf', fileName: 'a.pdf' },
            },
            { kind: 'document', document: { url: 'https://example.com/spec.pdf' } },
          ],
        },
      ],
    });
    expect(body.contents[0]?.parts).toEqual([
      { text: 'Transcribe and summarise.' },
      { inlineData: { mimeType: 'audio/wav', data: 'UklGRg==' } },
      { inlineData: { mimeType: 'application/pdf', data: 'JVBERi0=' } },
      { fileData: { fileUri: 'https://example.com/spec.pdf', mimeType: 'application/pdf' } },
    ]);
  });

  it('U3.7 keeps text and images of one message in their order', async () => {
    const body = await sentBody({
      messages: [
        {
          role: 'user',
          content: [
            { kind: 'text', text: 'Compare' },
            { kind: 'image', image: { url: 'https://example.com/a.png' } },
            { kind: 'text', text: 'with' },
            { kind: 'image', image: { data: PNG_BASE64, mediaType: 'image/png' } },
          ],
        },
      ],
    });
    expect(body.contents[0]?.parts.map((part) => Object.keys(part)[0])).toEqual([
      'text',
      'fileData',
      'text',
      'inlineData',
    ]);
  });
});

describe('Gemini adapter: tools and tool results', () => {
  it('sends tools as one functionDeclarations entry with each JSON Schema as parametersJsonSchema, untouched', async () => {
    const body = await sentBody({ messages: [Message.user('hi')], tools: [READ_FILE, LIST_DIR] });
    expect(body.tools).toEqual([
      {
        functionDeclarations: [
          { name: 'read_file', description: 'Reads a file.', parametersJsonSchema: READ_FILE.parameters },
          { name: 'list_dir', description: 'Lists a folder.', parametersJsonSchema: LIST_DIR.parameters },
        ],
      },
    ]);
    expect(body).not.toHaveProperty('toolConfig');
  });

  it.each([
    [{ mode: 'auto' } as const, { mode: 'AUTO' }],
    [{ mode: 'none' } as const, { mode: 'NONE' }],
    [{ mode: 'required' } as const, { mode: 'ANY' }],
    [{ mode: 'named', toolName: 'list_dir' } as const, { mode: 'ANY', allowedFunctionNames: ['list_dir'] }],
  ])('U7.9 maps tool choice %j to functionCallingConfig %j', async (toolChoice, functionCallingConfig) => {
    const body = await sentBody({ messages: [Message.user('hi')], tools: [READ_FILE, LIST_DIR], toolChoice });
    expect(body.toolConfig).toEqual({ functionCallingConfig });
    expect(adapter.supportsToolChoice(toolChoice.mode)).toBe(true);
  });

  it('refuses to force a tool the request does not offer, or any tool when there are none', async () => {
    const named = await caught(() =>
      adapter.complete({
        model: MODEL,
        messages: [Message.user('hi')],
        tools: [READ_FILE],
        toolChoice: { mode: 'named', toolName: 'delete_everything' },
      }),
    );
    const required = await caught(() =>
      adapter.complete({ model: MODEL, messages: [Message.user('hi')], toolChoice: { mode: 'required' } }),
    );
    expect(named).toBeInstanceOf(InvalidRequestError);
    expect(required).toBeInstanceOf(InvalidRequestError);
    expect(server.requests).toHaveLength(0);
  });

  it('keys results by function name (the result’s own, else its call’s), wraps text as {result}, errors as {error}, sends objects as they are', async () => {
    const calls: ContentPart[] = ['a', 'b', 'c', 'd'].map((id) => ({
      kind: 'tool_call',
      toolCall: { id: `call_${id}`, name: id === 'd' ? 'list_dir' : 'read_file', arguments: { path: id } },
    }));
    const body = await sentBody({
      messages: [
        Message.user('go'),
        { role: 'assistant', content: calls },
        Message.toolResult('call_a', 'text result'),
        Message.toolResult('call_b', 'ENOENT: no such file', true),
        Message.toolResult('call_c', { lines: 3, eol: 'lf' }),
        Message.toolResult('call_d', ['x.ts', 'y.ts'], false, 'list_dir'),
      ],
      tools: [READ_FILE, LIST_DIR],
    });
    expect(body.contents.at(-1)).toEqual({
      role: 'user',
      parts: [
        { functionResponse: { name: 'read_file', response: { result: 'text result' } } },
        { functionResponse: { name: 'read_file', response: { error: 'ENOENT: no such file' } } },
        { functionResponse: { name: 'read_file', response: { lines: 3, eol: 'lf' } } },
        { functionResponse: { name: 'list_dir', response: { result: ['x.ts', 'y.ts'] } } },
      ],
    });
    expect(server.lastRequest?.view.messages.at(-1)?.toolResults.map((r) => r.isError)).toEqual([
      false,
      true,
      false,
      false,
    ]);
  });

  it('puts an image a tool produced right after its functionResponse, in the same user turn', async () => {
    const body = await sentBody({
      messages: [
        Message.user('screenshot please'),
        {
          role: 'assistant',
          content: [{ kind: 'tool_call', toolCall: { id: 'call_s', name: 'screenshot', arguments: {} } }],
        },
        {
          role: 'tool',
          toolCallId: 'call_s',
          content: [
            {
              kind: 'tool_result',
              toolResult: {
                toolCallId: 'call_s',
                content: 'captured',
                isError: false,
                imageData: 'iVBORw0KGgo=',
                imageMediaType: 'image/png',
              },
            },
          ],
        },
      ],
    });
    expect(body.contents.at(-1)?.parts).toEqual([
      { functionResponse: { name: 'screenshot', response: { result: 'captured' } } },
      { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } },
    ]);
  });

  it('repairs the history first: a call with no result gets an error result, an orphaned result is dropped', async () => {
    const body = await sentBody({
      messages: [
        Message.user('go'),
        {
          role: 'assistant',
          content: [{ kind: 'tool_call', toolCall: { id: 'call_lost', name: 'read_file', arguments: {} } }],
        },
        Message.user('never mind'),
        Message.toolResult('call_nobody_made', 'stray'),
      ],
      tools: [READ_FILE],
    });
    // The strict fake server accepted it: each call has a response, and no response lacks a call.
    expect(server.lastRequest?.outcome.type).toBe('turn');
    expect(body.contents.map((c) => c.role)).toEqual(['user', 'model', 'user', 'user']);
    const response = body.contents[2]?.parts[0]?.functionResponse as {
      name: string;
      response: { error: string };
    };
    expect(response.name).toBe('read_file');
    expect(response.response.error).toMatch(/No result was recorded/);
    expect(JSON.stringify(body)).not.toContain('stray');
  });
});

describe('Gemini adapter: generation parameters, response format, reasoning and provider options', () => {
  it('maps temperature, topP, maxTokens and stopSequences into generationConfig', async () => {
    const body = await sentBody({
      messages: [Message.user('hi')],
      temperature: 0.2,
      topP: 0.9,
      maxTokens: 512,
      stopSequences: ['END'],
    });
    expect(body.generationConfig).toEqual({
      temperature: 0.2,
      topP: 0.9,
      maxOutputTokens: 512,
      stopSequences: ['END'],
    });
  });

  it('asks for JSON with responseMimeType, and for a schema with responseJsonSchema (JSON Schema as written)', async () => {
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'integer' } },
      required: ['name', 'age'],
      additionalProperties: false,
    };
    const json = await sentBody({ messages: [Message.user('hi')], responseFormat: { type: 'json' } });
    const structured = await sentBody({
      messages: [Message.user('hi')],
      responseFormat: { type: 'json_schema', jsonSchema: schema, name: 'person', strict: true },
    });
    const text = await sentBody({ messages: [Message.user('hi')], responseFormat: { type: 'text' } });
    expect(json.generationConfig).toEqual({ responseMimeType: 'application/json' });
    expect(structured.generationConfig).toEqual({
      responseMimeType: 'application/json',
      responseJsonSchema: schema,
    });
    expect(text.generationConfig ?? {}).toEqual({});
  });

  it.each([
    ['gemini-3-pro-preview', 'high', { thinkingLevel: 'HIGH', includeThoughts: true }],
    ['gemini-3-flash-preview', 'minimal', { thinkingLevel: 'MINIMAL', includeThoughts: true }],
    ['gemini-3-pro-preview', 'none', { thinkingLevel: 'MINIMAL', includeThoughts: false }],
    ['gemini-2.5-flash', 'low', { thinkingBudget: 1024, includeThoughts: true }],
    ['gemini-2.5-flash', 'none', { thinkingBudget: 0, includeThoughts: false }],
    ['gemini-2.5-pro', 'xhigh', { thinkingBudget: 32_768, includeThoughts: true }],
  ] as const)(
    'sends reasoning effort on %s (%s) as thinkingConfig %j',
    async (model, reasoningEffort, thinkingConfig) => {
      const body = await sentBody({ model, messages: [Message.user('think')], reasoningEffort });
      expect(body.generationConfig).toEqual({ thinkingConfig });
    },
  );

  it('U2.7 passes providerOptions.gemini into the config (safetySettings, cachedContent, topK, seed), refines thinkingConfig, and ignores other providers’ options', async () => {
    const safetySettings = [{ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'BLOCK_ONLY_HIGH' }];
    const body = await sentBody({
      model: 'gemini-3-pro-preview',
      messages: [Message.user('hi')],
      reasoningEffort: 'low',
      providerOptions: {
        gemini: {
          safetySettings,
          cachedContent: 'cachedContents/abc123',
          topK: 40,
          seed: 7,
          thinkingConfig: { includeThoughts: false },
        },
        anthropic: { autoCache: false },
      },
    });
    expect(body.safetySettings).toEqual(safetySettings);
    expect(body.cachedContent).toBe('cachedContents/abc123');
    expect(body.generationConfig).toEqual({
      topK: 40,
      seed: 7,
      thinkingConfig: { thinkingLevel: 'LOW', includeThoughts: false },
    });
    expect(JSON.stringify(body)).not.toContain('autoCache');
  });
});
