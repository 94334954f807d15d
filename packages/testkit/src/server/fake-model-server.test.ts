import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeModelServer } from './fake-model-server.js';
import { match } from './matchers.js';

let server: FakeModelServer;
beforeEach(async () => {
  server = await FakeModelServer.start();
});
afterEach(async () => {
  await server.close();
});

/** A Chat Completions request by hand, to test the server without an SDK in the way. */
async function chat(messages: unknown[], extra: Record<string, unknown> = {}) {
  const response = await fetch(`${server.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
    body: JSON.stringify({ model: 'gpt-4.1', messages, ...extra }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const answer = (text: string) => ({ content: [{ type: 'text' as const, text }] });
const replyText = (body: Record<string, unknown>) =>
  (body.choices as { message: { content: string } }[])[0]?.message.content;

describe('FakeModelServer', () => {
  it('listens on 127.0.0.1 on a free port by default', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.port).toBeGreaterThan(0);
    expect(server.baseUrls.openai).toBe(`${server.url}/v1`);
  });

  it('answers queued turns in order and says so when the script runs out', async () => {
    server.enqueue(answer('one'), answer('two'));
    expect(replyText((await chat([{ role: 'user', content: 'a' }])).body)).toBe('one');
    expect(replyText((await chat([{ role: 'user', content: 'b' }])).body)).toBe('two');
    const third = await chat([{ role: 'user', content: 'c' }]);
    expect(third.status).toBe(500);
    expect(JSON.stringify(third.body)).toContain('no scripted turn left for request #2');
    expect(server.requests.map((r) => r.outcome.type)).toEqual(['turn', 'turn', 'unscripted']);
  });

  it('answers with a matching rule before the queue, and a rule can be limited in times', async () => {
    server
      .when(match.afterToolResult(), answer('after the tool'), { times: 1 })
      .when({ lastUserText: '^weather' }, (request) => answer(`model was ${request.model}`))
      .enqueue(answer('from the queue'));
    const toolTurn = [
      { role: 'user', content: 'x' },
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: 'c1', type: 'function', function: { name: 't', arguments: '{}' } }],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'result' },
    ];
    expect(replyText((await chat(toolTurn)).body)).toBe('after the tool');
    expect(replyText((await chat([{ role: 'user', content: 'weather in Paris' }])).body)).toBe(
      'model was gpt-4.1',
    );
    expect(replyText((await chat(toolTurn)).body)).toBe('from the queue');
  });

  it('records the raw body, parsed body, headers and neutral view of each request', async () => {
    server.enqueue(answer('ok'));
    await chat([
      { role: 'system', content: 'Rules.' },
      { role: 'user', content: 'Hello' },
    ]);
    const request = server.requests[0];
    expect(request?.rawBody).toContain('"Hello"');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.view.system).toBe('Rules.');
    expect(request?.view.messages).toMatchObject([{ role: 'user', text: 'Hello' }]);
  });

  it('answers a body that is not JSON with the provider’s 400 shape', async () => {
    const response = await fetch(`${server.url}/v1/messages`, { method: 'POST', body: '{oops' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error' } });
  });

  it('answers an unknown path with 404 and a message naming it', async () => {
    const response = await fetch(`${server.url}/v1/embeddings`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(404);
    expect(JSON.stringify(await response.json())).toContain('/v1/embeddings');
  });

  it('can be scripted and inspected over HTTP by a test in another process', async () => {
    const enqueue = await fetch(`${server.url}/_testkit/enqueue`, {
      method: 'POST',
      body: JSON.stringify({ turns: [answer('remote')] }),
    });
    expect(await enqueue.json()).toEqual({ pending: 1 });
    expect(replyText((await chat([{ role: 'user', content: 'x' }])).body)).toBe('remote');
    const requests = (await (await fetch(`${server.url}/_testkit/requests`)).json()) as { path: string }[];
    expect(requests.map((r) => r.path)).toEqual(['/v1/chat/completions']);
    await fetch(`${server.url}/_testkit/reset`, { method: 'POST' });
    expect(server.requests).toHaveLength(0);
  });

  it('starts the queue over in loop mode', async () => {
    await server.close();
    server = await FakeModelServer.start({ loop: true, turns: [answer('a'), answer('b')] });
    const replies: unknown[] = [];
    for (let i = 0; i < 5; i++) replies.push(replyText((await chat([{ role: 'user', content: 'x' }])).body));
    expect(replies).toEqual(['a', 'b', 'a', 'b', 'a']);
  });

  it('sends a turn’s extra headers and can delay the headers', async () => {
    server.enqueue({
      ...answer('late'),
      headers: { 'x-ratelimit-remaining-requests': '42' },
      headerDelayMs: 50,
    });
    const response = await fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x' }] }),
    });
    expect(response.headers.get('x-ratelimit-remaining-requests')).toBe('42');
    expect(replyText((await response.json()) as Record<string, unknown>)).toBe('late');
  });

  it('reports a script whose chunks do not join up as a server error naming the problem', async () => {
    server.enqueue({ content: [{ type: 'text', text: 'abc', chunks: ['a', 'x'] }] });
    const response = await chat([{ role: 'user', content: 'x' }]);
    expect(response.status).toBe(500);
    expect(JSON.stringify(response.body)).toContain('content[0]: the chunks do not join up to the text');
  });
});
