import { Readable } from 'node:stream';
import type { FetchHeaders } from './fetch-headers.js';
import { loadedNodeFetchClasses } from './node-fetch-classes.js';

/**
 * What a body holds before anyone reads it. Text and bytes stay as they are until somebody asks
 * for a stream, so a response made from a string (as the Gemini SDK does for every streamed
 * chunk) is parsed straight from that string.
 */
export type BodySource =
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array }
  | { kind: 'stream'; stream: ReadableStream<Uint8Array> };

const encoder = new TextEncoder();

/** ES2024's String.prototype.toWellFormed, which Node 20 has and our ES2023 typings lack. */
type WellFormable = string & { toWellFormed(): string };

/**
 * A body's state: its source, the stream made of it once asked for, and whether it was read.
 * Reading follows the Fetch standard: once, unless cloned first.
 */
export class Body {
  #source: BodySource | null;
  #stream: ReadableStream<Uint8Array> | null = null;
  #read = false;

  constructor(source: BodySource | null) {
    this.#source = source;
    if (source?.kind === 'stream') this.#stream = source.stream;
  }

  /** The body as a stream of bytes (null for no body), made on first use. */
  get stream(): ReadableStream<Uint8Array> | null {
    if (this.#stream === null && this.#source !== null) this.#stream = streamOf(bytesOf(this.#source));
    return this.#stream;
  }

  /** Whether the body was read (or its stream was touched). */
  get used(): boolean {
    return this.#read || (this.#stream !== null && Readable.isDisturbed(this.#stream as unknown as Readable));
  }

  /** Whether the body can no longer be read or cloned. */
  get unusable(): boolean {
    return this.used || this.#stream?.locked === true;
  }

  /** The whole body as text, UTF-8 decoded with a byte-order mark dropped. */
  async text(): Promise<string> {
    const source = this.#take();
    if (source?.kind === 'text') {
      // Lone surrogates become U+FFFD, as a round trip through UTF-8 bytes would make them.
      const text = (source.text as WellFormable).toWellFormed();
      return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    }
    return new TextDecoder().decode(source === null ? new Uint8Array(0) : await readAll(source));
  }

  /** The whole body as bytes. */
  async bytes(): Promise<Uint8Array> {
    const source = this.#take();
    return source === null ? new Uint8Array(0) : readAll(source);
  }

  /** A second, independent copy of the body; this one goes on reading its own half. */
  clone(): Body {
    if (this.#source === null) return new Body(null);
    if (this.#stream === null) return new Body(this.#source);
    const [mine, theirs] = this.#stream.tee();
    this.#stream = mine;
    this.#source = { kind: 'stream', stream: mine };
    return new Body({ kind: 'stream', stream: theirs });
  }

  #take(): BodySource | null {
    // No body reads as empty, as often as asked.
    if (this.#source === null) return null;
    if (this.unusable) throw new TypeError('Body is unusable: Body has already been read');
    this.#read = true;
    if (this.#stream !== null) return { kind: 'stream', stream: this.#stream };
    return this.#source;
  }
}

/** Bytes of a text or bytes source, for a stream. */
function bytesOf(source: BodySource): Uint8Array | ReadableStream<Uint8Array> {
  if (source.kind === 'text') return encoder.encode(source.text);
  return source.kind === 'bytes' ? source.bytes : source.stream;
}

function streamOf(content: Uint8Array | ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  if (content instanceof ReadableStream) return content;
  return new ReadableStream({
    type: 'bytes',
    start(controller) {
      // A copy: a byte stream hands over the buffer it is given.
      if (content.byteLength > 0) controller.enqueue(content.slice());
      controller.close();
    },
  });
}

async function readAll(source: BodySource): Promise<Uint8Array> {
  if (source.kind === 'text') return encoder.encode(source.text);
  if (source.kind === 'bytes') return source.bytes.slice();
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = source.stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
  }
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const whole = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return whole;
}

/**
 * The Fetch standard's "extract a body" for the kinds this package handles itself (text, bytes,
 * form parameters, a stream; anything else but a Blob, FormData or async iterable becomes its
 * string), adding the content type the standard gives it; undefined for a body left to Node.
 */
export function extractBody(body: unknown, headers: FetchHeaders): BodySource | undefined {
  if (typeof body === 'string') {
    defaultContentType(headers, 'text/plain;charset=UTF-8');
    return { kind: 'text', text: body };
  }
  if (body instanceof ArrayBuffer) return { kind: 'bytes', bytes: new Uint8Array(body.slice(0)) };
  if (ArrayBuffer.isView(body)) {
    return { kind: 'bytes', bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength).slice() };
  }
  if (body instanceof URLSearchParams) {
    defaultContentType(headers, 'application/x-www-form-urlencoded;charset=UTF-8');
    return { kind: 'text', text: body.toString() };
  }
  if (body instanceof ReadableStream) {
    if (body.locked) throw new TypeError('Response body object should not be disturbed or locked');
    return { kind: 'stream', stream: body as ReadableStream<Uint8Array> };
  }
  if ((typeof body === 'object' && body !== null) || typeof body === 'function') {
    if (body instanceof Blob || isFormData(body) || Symbol.asyncIterator in body) return undefined;
  }
  // WebIDL turns anything else (a number, a plain object) into its string.
  defaultContentType(headers, 'text/plain;charset=UTF-8');
  return { kind: 'text', text: String(body) };
}

function isFormData(value: object): boolean {
  const node = loadedNodeFetchClasses();
  return node !== undefined && value instanceof node.FormData;
}

function defaultContentType(headers: FetchHeaders, type: string): void {
  if (!headers.has('content-type')) headers.append('content-type', type);
}
