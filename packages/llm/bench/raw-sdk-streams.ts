import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import type { ServerUrls } from '../src/parity/providers.test-support.js';

/**
 * The baseline: each official SDK's own stream on the same fake server, iterated to the end with
 * nothing done per event beyond touching it. What our `stream()` adds on top (translation,
 * accumulation, the retry and timeout wrappers, the event buffer) is the difference.
 */
export type RawStream = (server: ServerUrls, model: string) => Promise<number>;

const PROMPT = 'Stream a long answer.';

export const RAW_STREAMS: Record<string, RawStream> = {
  anthropic: async (server, model) => {
    const client = new Anthropic({ apiKey: 'bench', baseURL: server.baseUrls.anthropic, maxRetries: 0 });
    const stream = await client.messages.create({
      model,
      max_tokens: 64_000,
      stream: true,
      messages: [{ role: 'user', content: PROMPT }],
    });
    let events = 0;
    for await (const _event of stream) events++;
    return events;
  },
  openai: async (server, model) => {
    const client = new OpenAI({ apiKey: 'bench', baseURL: server.baseUrls.openai, maxRetries: 0 });
    const stream = await client.responses.create({ model, stream: true, store: false, input: PROMPT });
    let events = 0;
    for await (const _event of stream) events++;
    return events;
  },
  gemini: async (server, model) => {
    const client = new GoogleGenAI({ apiKey: 'bench', httpOptions: { baseUrl: server.baseUrls.gemini } });
    const stream = await client.models.generateContentStream({ model, contents: PROMPT });
    let events = 0;
    for await (const _chunk of stream) events++;
    return events;
  },
  compat: async (server, model) => {
    const client = new OpenAI({ apiKey: 'bench', baseURL: server.baseUrls.openai, maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model,
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: PROMPT }],
    });
    let events = 0;
    for await (const _chunk of stream) events++;
    return events;
  },
};
