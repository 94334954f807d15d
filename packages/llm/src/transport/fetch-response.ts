import { Body, extractBody } from './fetch-body.js';
import { copyHeaders, FetchHeaders, type FetchHeadersInit, freezeHeaders } from './fetch-headers.js';
import { NULL_BODY_STATUSES } from './fetch-standard.js';
import { loadedNodeFetchClasses, nodeFetchClasses } from './node-fetch-classes.js';

/** The ResponseInit of the Fetch standard (a Response itself also serves as one). */
export interface FetchResponseInit {
  status?: number;
  statusText?: string;
  headers?: FetchHeadersInit;
}

/** What fetch knows of a response that came over the network. */
export interface FetchedResponseParts {
  status: number;
  statusText: string;
  headers: FetchHeaders;
  body: ReadableStream<Uint8Array> | null;
  url: string;
  redirected: boolean;
}

type NodeBodyInit = ConstructorParameters<typeof Response>[0];

const REASON_PHRASE = /^[\t\x20-\x7e\x80-\xff]*$/;

/** A response's whole state, for one made by fetch or by clone (which skip the checks). */
interface ResponseState {
  status: number;
  statusText: string;
  headers: FetchHeaders;
  body: Body;
  type: 'default' | 'basic';
  url: string;
  redirected: boolean;
}

/** Set just before the constructor runs for fetch or clone. */
let arriving: ResponseState | undefined;

/**
 * The Fetch standard's Response, without Node's undici behind it. Bodies made from text, bytes or
 * a stream are handled here; a body this class does not make itself (a Blob, FormData) is handed
 * to Node's own Response, which the constructor then returns, so every body behaves exactly as
 * Node's.
 */
export class FetchResponse {
  // Assigned on every path that builds this object; TypeScript cannot see past the constructor's
  // hand-over to Node's Response.
  readonly #body!: Body;
  readonly #headers!: FetchHeaders;
  readonly #status!: number;
  readonly #statusText!: string;
  readonly #type: 'default' | 'basic' = 'default';
  readonly #url: string = '';
  readonly #redirected: boolean = false;

  /** Also true for Node's own Response, once something has loaded it. */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (typeof value === 'object' && value !== null && #body in value) return true;
    const node = loadedNodeFetchClasses();
    return node !== undefined && value instanceof node.Response;
  }

  /** A response whose body is `data` as JSON. */
  static json(data: unknown, init: FetchResponseInit = {}): FetchResponse {
    const text = JSON.stringify(data);
    if (text === undefined) throw new TypeError('Value is not JSON serializable');
    const headers = new FetchHeaders(init.headers);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    return new FetchResponse(text, { ...init, headers });
  }

  /** Node's own network-error response. */
  static error(): Response {
    return nodeFetchClasses().Response.error();
  }

  /** Node's own redirect response. */
  static redirect(url: string | URL, status: 301 | 302 | 303 | 307 | 308 = 302): Response {
    return nodeFetchClasses().Response.redirect(url, status);
  }

  constructor(body?: unknown, init: FetchResponseInit = {}) {
    if (arriving) {
      const state = arriving;
      arriving = undefined;
      this.#status = state.status;
      this.#statusText = state.statusText;
      this.#headers = state.headers;
      this.#body = state.body;
      this.#type = state.type;
      this.#url = state.url;
      this.#redirected = state.redirected;
      return;
    }
    const status = init.status === undefined ? 200 : Number(init.status);
    if (!Number.isInteger(status) || status < 200 || status > 599) {
      throw new RangeError('init["status"] must be in the range of 200 to 599, inclusive.');
    }
    const statusText = init.statusText === undefined ? '' : String(init.statusText);
    if (!REASON_PHRASE.test(statusText)) throw new TypeError('Invalid statusText');
    const headers = new FetchHeaders(init.headers);
    const source = body === undefined || body === null ? null : extractBody(body, headers);
    if (source === undefined) {
      // Forms, blobs and the rest: Node's own Response encodes them (a constructor may return
      // another object).
      // biome-ignore lint/correctness/noConstructorReturn: hands the body to Node's Response
      return new (nodeFetchClasses().Response)(
        body as NodeBodyInit,
        init as ResponseInit,
      ) as unknown as FetchResponse;
    }
    if (source !== null && NULL_BODY_STATUSES.has(status)) {
      throw new TypeError(`Response constructor: Invalid response status code ${status}`);
    }
    this.#status = status;
    this.#statusText = statusText;
    this.#headers = headers;
    this.#body = new Body(source);
  }

  get type(): 'default' | 'basic' {
    return this.#type;
  }
  get url(): string {
    return this.#url;
  }
  get redirected(): boolean {
    return this.#redirected;
  }
  get status(): number {
    return this.#status;
  }
  get ok(): boolean {
    return this.#status >= 200 && this.#status <= 299;
  }
  get statusText(): string {
    return this.#statusText;
  }
  get headers(): FetchHeaders {
    return this.#headers;
  }
  get body(): ReadableStream<Uint8Array> | null {
    return this.#body.stream;
  }
  get bodyUsed(): boolean {
    return this.#body.used;
  }

  async text(): Promise<string> {
    return this.#body.text();
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.#body.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = await this.#body.bytes();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async bytes(): Promise<Uint8Array> {
    return this.#body.bytes();
  }

  async blob(): Promise<Blob> {
    return new Blob([await this.#body.bytes()], { type: this.#headers.get('content-type') ?? '' });
  }

  /** Parsed by Node's own Response, the one place multipart parsing lives. */
  async formData(): Promise<FormData> {
    const bytes = await this.#body.bytes();
    return new (nodeFetchClasses().Response)(bytes, { headers: [...this.#headers] }).formData();
  }

  clone(): FetchResponse {
    if (this.#body.unusable) throw new TypeError('Response.clone: Body has already been consumed.');
    arriving = {
      status: this.#status,
      statusText: this.#statusText,
      headers: copyHeaders(this.#headers),
      body: this.#body.clone(),
      type: this.#type,
      url: this.#url,
      redirected: this.#redirected,
    };
    return new FetchResponse();
  }

  get [Symbol.toStringTag](): string {
    return 'Response';
  }
}

/** A response that came over the network (type "basic", headers frozen). */
export function fetchedResponse(parts: FetchedResponseParts): FetchResponse {
  arriving = {
    status: parts.status,
    statusText: parts.statusText,
    headers: freezeHeaders(parts.headers),
    body: new Body(parts.body === null ? null : { kind: 'stream', stream: parts.body }),
    type: 'basic',
    url: parts.url,
    redirected: parts.redirected,
  };
  return new FetchResponse();
}
