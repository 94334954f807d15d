import { describe, expect, it } from 'vitest';
import { FetchResponse } from './fetch-response.js';
import { nodeFetchClasses } from './node-fetch-classes.js';
import { outcomeOf, responseHead } from './testing/compare-with-node.js';

type AnyResponse = Response | FetchResponse;
type Make = (body?: unknown, init?: unknown) => AnyResponse;

const ours: Make = (body, init) =>
  new FetchResponse(body, init as ConstructorParameters<typeof FetchResponse>[1]);
const nodes: Make = (body, init) => new (nodeFetchClasses().Response)(body as BodyInit, init as ResponseInit);
type BodyInit = ConstructorParameters<typeof Response>[0];

async function expectSameAsNode(operation: (make: Make) => unknown): Promise<void> {
  expect(await outcomeOf(() => operation(ours))).toEqual(await outcomeOf(() => operation(nodes)));
}

const head = (response: AnyResponse) => responseHead(response);

const bytes = (text: string) => new TextEncoder().encode(text);
const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(bytes(chunk));
      controller.close();
    },
  });

describe('FetchResponse behaves as Node’s own Response', () => {
  it.each([
    ['text', () => 'héllo'],
    ['bytes', () => bytes('abc')],
    ['an ArrayBuffer', () => bytes('abc').buffer],
    ['form parameters', () => new URLSearchParams({ a: '1', b: 'x y' })],
    ['a stream', () => streamOf('ab', 'cd')],
    ['no body', () => null],
    ['a number, made text', () => 42],
  ])('is made from %s, with the same head and text', async (_name, body) => {
    await expectSameAsNode(async (make) => {
      const response = make(body(), { status: 201, statusText: 'Created', headers: { 'X-A': '1' } });
      return [head(response), await response.text(), head(response)];
    });
  });

  it.each([
    ['a status below 200', { status: 199 }],
    ['a status above 599', { status: 600 }],
    ['a status text with a line feed', { statusText: 'a\nb' }],
  ])('refuses %s in the same words', async (_name, init) => {
    await expectSameAsNode((make) => make('x', init));
  });

  it('refuses a body for a status that has none', async () => {
    await expectSameAsNode((make) => make('x', { status: 204 }));
    await expectSameAsNode((make) => head(make(null, { status: 204 })));
  });

  it('reads a body once: a second read rejects, as does clone after it', async () => {
    await expectSameAsNode(async (make) => {
      const response = make('{"a":1}');
      const first = await response.json();
      const second = await outcomeOf(() => response.text());
      return [first, second, await outcomeOf(() => response.clone()), response.bodyUsed];
    });
  });

  it('refuses to read a body whose stream is locked', async () => {
    await expectSameAsNode(async (make) => {
      const response = make('x');
      response.body?.getReader();
      return outcomeOf(() => response.text());
    });
  });

  it('drops a leading byte-order mark and rejects bad JSON with V8’s message', async () => {
    await expectSameAsNode((make) => make('\uFEFFabc').text());
    await expectSameAsNode((make) => make(bytes('\uFEFFabc')).text());
    await expectSameAsNode((make) => make('{bad').json());
    await expectSameAsNode((make) => make('a\uD800b').text());
  });

  it('gives the body as bytes, an ArrayBuffer and a typed Blob', async () => {
    await expectSameAsNode(async (make) => {
      const response = make('abc', { headers: { 'content-type': 'text/x-test' } });
      const blob = await response.clone().blob();
      return [
        [...new Uint8Array(await response.clone().arrayBuffer())],
        blob.type,
        await blob.text(),
        [...(await (response.clone() as unknown as { bytes(): Promise<Uint8Array> }).bytes())],
      ];
    });
  });

  it('clones a streamed body into two that read independently', async () => {
    await expectSameAsNode(async (make) => {
      const response = make(streamOf('one ', 'two'));
      const copy = response.clone();
      return [await copy.text(), await response.text(), head(copy)];
    });
  });

  it('takes another response as its init (status, text and headers)', async () => {
    await expectSameAsNode(async (make) => {
      const first = make('x', { status: 404, statusText: 'Nope', headers: { 'x-a': '1' } });
      return head(make('y', first));
    });
  });

  it('makes a JSON response with Response.json', async () => {
    const response = FetchResponse.json({ a: [1] }, { status: 202 });
    const node = nodeFetchClasses().Response.json({ a: [1] }, { status: 202 });
    expect(head(response)).toEqual(head(node));
    expect(await response.text()).toBe(await node.text());
  });

  it('hands a body it does not make itself (a Blob, FormData) to Node’s Response', async () => {
    const blobResponse = new FetchResponse(new Blob(['blob'], { type: 'text/x-blob' }));
    expect(blobResponse).toBeInstanceOf(nodeFetchClasses().Response);
    expect(await blobResponse.text()).toBe('blob');
    const form = new (nodeFetchClasses().FormData)();
    form.append('field', 'value');
    const formResponse = new FetchResponse(form);
    expect((await formResponse.formData()).get('field')).toBe('value');
  });

  it('parses a form body through Node’s Response', async () => {
    const response = new FetchResponse('a=1&b=2', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([...(await response.formData()).entries()]).toEqual([
      ['a', '1'],
      ['b', '2'],
    ]);
  });

  it('says it is a Response, and Node’s own Responses count as instances of it', () => {
    expect(Object.prototype.toString.call(new FetchResponse())).toBe('[object Response]');
    expect(nodes('x')).toBeInstanceOf(FetchResponse);
    expect({ body: null }).not.toBeInstanceOf(FetchResponse);
  });
});
