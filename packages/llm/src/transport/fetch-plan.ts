import { extractBody } from './fetch-body.js';
import { FetchHeaders } from './fetch-headers.js';
import { BAD_PORTS, TOKEN } from './fetch-standard.js';
import { loadedNodeFetchClasses } from './node-fetch-classes.js';

/** A request this package's fetch sends itself: everything about it already checked. */
export interface FetchPlan {
  url: URL;
  method: string;
  headers: FetchHeaders;
  /** The body's bytes: always replayable, so a redirect can send them again. */
  body: Uint8Array | null;
  signal: AbortSignal | null;
}

/** init members that change nothing on the wire for Node's fetch when left at these values. */
const NEUTRAL_INIT: Readonly<Record<string, readonly unknown[]>> = {
  redirect: ['follow'],
  duplex: ['half'],
  keepalive: [false],
  window: [null],
  mode: ['cors'],
  credentials: ['same-origin'],
  cache: ['default'],
  integrity: [''],
  referrerPolicy: [''],
};
/** Fields Node's fetch refuses to send (or sends its own way): such calls go to it. */
const REFUSED_FIELDS = [
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'expect',
  'content-length',
];
const HANDLED_INIT: ReadonlySet<string> = new Set(['method', 'headers', 'body', 'signal']);
const STANDARD_METHODS: ReadonlySet<string> = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT']);
/** A field value byte HTTP/1.1 cannot carry (Node's fetch and node:http both refuse it). */
const UNSENDABLE_VALUE = /[^\t\x20-\x7e\x80-\xff]/;

const encoder = new TextEncoder();

/**
 * The plan for a fetch call this package sends over node:http itself, or undefined when the call
 * goes to Node's own fetch: a Request object, a URL that is not plain http(s), a body that is not
 * text or bytes, an option that changes what Node's fetch sends, or anything Node's fetch would
 * refuse (so that it refuses it, in its own words). Model SDKs' calls are all of the first kind.
 */
export function planFetch(input: unknown, init: unknown): FetchPlan | undefined {
  if (typeof input !== 'string' && !(input instanceof URL)) return undefined;
  const url = URL.canParse(String(input)) ? new URL(String(input)) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
  if (url.username || url.password || BAD_PORTS.has(url.port)) return undefined;
  if (init !== undefined && init !== null && typeof init !== 'object') return undefined;
  const options = (init ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(options)) {
    const value = options[key];
    if (value === undefined || HANDLED_INIT.has(key)) continue;
    if (!NEUTRAL_INIT[key]?.includes(value)) return undefined;
  }

  const method = methodOf(options.method);
  if (method === undefined) return undefined;
  const signal = options.signal ?? null;
  if (signal !== null && !(signal instanceof AbortSignal)) return undefined;
  // Node's Headers keep each name's case inside, where only Node's fetch can read it.
  const node = loadedNodeFetchClasses();
  if (node !== undefined && options.headers instanceof node.Headers) return undefined;
  let headers: FetchHeaders;
  try {
    headers = new FetchHeaders(options.headers as ConstructorParameters<typeof FetchHeaders>[0]);
  } catch {
    return undefined;
  }
  if (REFUSED_FIELDS.some((name) => headers.has(name))) return undefined;
  for (const [, value] of headers) if (UNSENDABLE_VALUE.test(value)) return undefined;
  const body = bodyOf(options.body, headers);
  if (body === undefined) return undefined;
  if (body !== null && (method === 'GET' || method === 'HEAD')) return undefined;
  return { url, method, headers, body, signal };
}

/** The method as Node's fetch sends it, or undefined for one it refuses. */
function methodOf(value: unknown): string | undefined {
  if (value === undefined) return 'GET';
  const method = String(value);
  if (!TOKEN.test(method)) return undefined;
  const upper = method.toUpperCase();
  if (upper === 'CONNECT' || upper === 'TRACE' || upper === 'TRACK') return undefined;
  if (STANDARD_METHODS.has(upper)) return upper;
  // node:http upper-cases every method; Node's fetch sends other methods as written.
  return method === upper ? method : undefined;
}

/**
 * The body as bytes (with the content type the Fetch standard gives it), null for none, or
 * undefined for a kind this fetch leaves to Node's (a stream, a Blob, FormData).
 */
function bodyOf(value: unknown, headers: FetchHeaders): Uint8Array | null | undefined {
  if (value === undefined || value === null) return null;
  if (value instanceof ReadableStream) return undefined;
  const source = extractBody(value, headers);
  if (source === undefined || source.kind === 'stream') return undefined;
  return source.kind === 'text' ? encoder.encode(source.text) : source.bytes;
}
