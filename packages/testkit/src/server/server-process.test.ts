import Anthropic from '@anthropic-ai/sdk';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from './server-process.js';

describe('startServerProcess', () => {
  it('serves the script from a child process to a real SDK, in a loop when asked, and stops on close', async () => {
    const server = await startServerProcess({
      turns: [{ content: [{ type: 'text', text: 'one' }] }, { content: [{ type: 'text', text: 'two' }] }],
      loop: true,
    });
    const client = new Anthropic({ apiKey: 'k', baseURL: server.baseUrls.anthropic, maxRetries: 0 });
    const ask = async () => {
      const message = await client.messages.create({
        model: 'claude-sonnet-5-5',
        max_tokens: 64,
        messages: [{ role: 'user', content: 'hi' }],
      });
      return message.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
    };
    expect([await ask(), await ask(), await ask()]).toEqual(['one', 'two', 'one']);
    await server.close();
    await expect(ask()).rejects.toThrow();
  });

  it('validates requests strictly unless told otherwise', async () => {
    const server = await startServerProcess({ turns: [{ content: [{ type: 'text', text: 'ok' }] }] });
    try {
      const response = await fetch(`${server.baseUrls.anthropic}/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'anthropic-version': '2023-06-01' },
        body: JSON.stringify({ model: 'claude-sonnet-5-5', messages: [] }),
      });
      expect(response.status).toBe(400);
    } finally {
      await server.close();
    }
  });
});
