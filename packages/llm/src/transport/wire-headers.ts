import { copyHeaders, type FetchHeaders, headerFields } from './fetch-headers.js';

const CONDITIONAL_FIELDS = [
  'if-modified-since',
  'if-none-match',
  'if-unmodified-since',
  'if-match',
  'if-range',
];
/** Methods for which Node's fetch sends `content-length: 0` when there is no body. */
const PAYLOAD_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH']);

/**
 * The request's fields exactly as Node's fetch puts them on the wire, in its order: host and
 * connection first, then the caller's fields in the case first given, then the fields fetch adds
 * when they are missing (accept, accept-language, sec-fetch-mode, user-agent, the cache fields
 * of a conditional request, accept-encoding), then content-length. A flat [name, value, ...]
 * list, as node:http takes it.
 */
export function wireHeaders(
  url: URL,
  method: string,
  headers: FetchHeaders,
  body: Uint8Array | null,
): string[] {
  const fields = copyHeaders(headers);
  addMissing(fields, 'accept', '*/*');
  addMissing(fields, 'accept-language', '*');
  fields.set('sec-fetch-mode', 'cors');
  addMissing(fields, 'user-agent', 'node');
  if (CONDITIONAL_FIELDS.some((name) => fields.has(name))) {
    addMissing(fields, 'pragma', 'no-cache');
    addMissing(fields, 'cache-control', 'no-cache');
  }
  if (fields.has('range')) fields.append('accept-encoding', 'identity');
  addMissing(fields, 'accept-encoding', url.protocol === 'https:' ? 'br, gzip, deflate' : 'gzip, deflate');
  fields.delete('host');

  // Node's fetch closes the connection after a HEAD, in case the server sends a body anyway.
  const wire = ['host', url.host, 'connection', method === 'HEAD' ? 'close' : 'keep-alive'];
  for (const field of headerFields(fields)) wire.push(field.name, field.value);
  if (body !== null) wire.push('content-length', String(body.byteLength));
  else if (PAYLOAD_METHODS.has(method)) wire.push('content-length', '0');
  return wire;
}

function addMissing(fields: FetchHeaders, name: string, value: string): void {
  if (!fields.has(name)) fields.append(name, value);
}
