import type { FakeModelServer, ScriptedTurn } from '@weft/testkit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Client } from '../client/client.js';
import { NoObjectGeneratedError } from '../errors/sdk-error.js';
import { ALL, caught, collect, startProviders, type TestProvider } from '../parity/providers.test-support.js';
import { generateObject } from './generate-object.js';
import { streamObject } from './stream-object.js';

let server: FakeModelServer;
let client: Client;
beforeEach(async () => {
  ({ server, client } = await startProviders());
});
afterEach(async () => {
  await server.close();
});

const PERSON = {
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
  required: ['name', 'age'],
  additionalProperties: false,
};

/** The model's answer as each strategy expects it: JSON text, or the extraction tool's arguments. */
function objectTurn(provider: TestProvider, json: string, chunks = 0): ScriptedTurn {
  if (provider.id === 'anthropic') {
    return {
      content: [
        { type: 'tool_call', name: 'person', arguments: json, ...(chunks ? { argumentChunks: chunks } : {}) },
      ],
    };
  }
  return { content: [{ type: 'text', text: json, ...(chunks ? { chunks } : {}) }] };
}

/** Where each provider's request asks for structured output. */
const ASKED_FOR: Record<TestProvider['id'], (body: Record<string, unknown>) => unknown> = {
  anthropic: (body) => ({ tools: body.tools, tool_choice: body.tool_choice }),
  openai: (body) => (body.text as { format?: unknown } | undefined)?.format,
  gemini: (body) => body.generationConfig,
  compat: (body) => body.response_format,
};

const EXPECTED_ASK: Record<TestProvider['id'], unknown> = {
  anthropic: {
    tools: [expect.objectContaining({ name: 'person', input_schema: PERSON })],
    tool_choice: { type: 'tool', name: 'person' },
  },
  openai: { type: 'json_schema', name: 'person', schema: PERSON, strict: true },
  gemini: expect.objectContaining({ responseMimeType: 'application/json' }),
  compat: { type: 'json_schema', json_schema: expect.objectContaining({ name: 'person', schema: PERSON }) },
};

describe.each(ALL.map((p) => [p.id, p] as const))('generateObject on %s', (_id, provider) => {
  const base = () => ({
    client,
    model: provider.model,
    provider: provider.name,
    schema: PERSON,
    schemaName: 'person',
  });

  it('U4.7 asks for structured output the provider’s native way and returns the parsed, validated object', async () => {
    server.enqueue(objectTurn(provider, '{"name":"Alice","age":30}'));
    const result = await generateObject<{ name: string; age: number }>({ ...base(), prompt: 'Alice is 30.' });
    expect(result.output).toEqual({ name: 'Alice', age: 30 });
    expect(ASKED_FOR[provider.id](server.requests[0]!.body)).toEqual(EXPECTED_ASK[provider.id]);
  });

  it('U4.8 output that does not match the schema raises NoObjectGeneratedError, not retried', async () => {
    server.enqueue(
      objectTurn(provider, '{"name":"Alice","age":"thirty"}'),
      objectTurn(provider, '{"name":"Alice","age":30}'),
    );
    const error = await caught(generateObject({ ...base(), prompt: 'Alice is 30.' }));
    expect(error).toBeInstanceOf(NoObjectGeneratedError);
    expect((error as NoObjectGeneratedError).message).toContain('$.age: must be integer');
    expect((error as NoObjectGeneratedError).text).toContain('thirty');
    expect(server.requests).toHaveLength(1);
  });

  it('streamObject yields growing partial objects and then the validated one', async () => {
    server.enqueue(objectTurn(provider, '{"name":"Bartholomew","age":41}', 3));
    const result = streamObject<{ name: string; age: number }>({ ...base(), prompt: 'Bart is 41.' });
    const partials = await collect(result);
    expect(partials.length).toBeGreaterThan(2);
    expect(partials.at(-1)).toEqual({ name: 'Bartholomew', age: 41 });
    expect(
      partials.some(
        (p) => typeof (p as { name?: unknown }).name === 'string' && (p as { name: string }).name.length < 11,
      ),
    ).toBe(true);
    expect(await result.object()).toEqual({ name: 'Bartholomew', age: 41 });
  });
});

describe('generateObject details', () => {
  it('U4.8 output that is not JSON raises NoObjectGeneratedError with the text', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'Alice, aged thirty.' }] });
    const error = await caught(
      generateObject({ client, model: 'gpt-5.4', provider: 'openai', prompt: 'x', schema: PERSON }),
    );
    expect(error).toBeInstanceOf(NoObjectGeneratedError);
    expect((error as NoObjectGeneratedError).text).toBe('Alice, aged thirty.');
  });

  it('accepts JSON inside a Markdown fence', async () => {
    server.enqueue({ content: [{ type: 'text', text: '```json\n{"name":"Eve","age":5}\n```' }] });
    const result = await generateObject({
      client,
      model: 'gemini-3-flash-preview',
      provider: 'gemini',
      prompt: 'x',
      schema: PERSON,
    });
    expect(result.output).toEqual({ name: 'Eve', age: 5 });
  });

  it('wraps a schema whose root is not an object, and unwraps the output', async () => {
    const list = { type: 'array', items: { type: 'string' } };
    server.enqueue({ content: [{ type: 'tool_call', name: 'output', arguments: { value: ['a', 'b'] } }] });
    const result = await generateObject({
      client,
      model: 'claude-sonnet-5-5',
      provider: 'anthropic',
      prompt: 'x',
      schema: list,
    });
    expect(result.output).toEqual(['a', 'b']);
    expect((server.requests[0]!.body.tools as { input_schema: unknown }[])[0]?.input_schema).toMatchObject({
      type: 'object',
      properties: { value: list },
    });
  });

  it('asks OpenAI for strict mode only when the schema allows it', async () => {
    server.enqueue({ content: [{ type: 'text', text: '{"name":"Al"}' }] });
    const loose = {
      type: 'object',
      properties: { name: { type: 'string' }, age: { type: 'integer' } },
      required: ['name'],
    };
    const result = await generateObject({
      client,
      model: 'gpt-5.4',
      provider: 'openai',
      prompt: 'x',
      schema: loose,
    });
    expect(result.output).toEqual({ name: 'Al' });
    expect(server.requests[0]!.body.text).toMatchObject({ format: { strict: false } });
  });
});
