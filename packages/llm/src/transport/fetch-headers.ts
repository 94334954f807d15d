import { TOKEN } from './fetch-standard.js';
import { loadedNodeFetchClasses } from './node-fetch-classes.js';

/** The HeadersInit of the Fetch standard. */
export type FetchHeadersInit = Iterable<Iterable<string>> | Record<string, string> | Headers | FetchHeaders;

/** One field as it goes on the wire: the name in the case it was first given. */
export interface HeaderField {
  name: string;
  value: string;
}

type Guard = 'none' | 'immutable';

/** Leading and trailing HTTP whitespace, which the Fetch standard strips from values. */
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;
const FORBIDDEN_IN_VALUE = /[\0\r\n]/;

let fieldsOf: (headers: FetchHeaders) => Map<string, HeaderField>;
let cookiesOf: (headers: FetchHeaders) => string[];
let guardOf: (headers: FetchHeaders, guard?: Guard) => Guard;

/**
 * The Fetch standard's Headers, without Node's undici behind it (whose first use costs ~25 ms of
 * start-up). It behaves as Node's own does, error messages included: names are case-insensitive
 * and iterate lower-cased and sorted, values are trimmed and checked, repeated fields join with
 * ", " except Set-Cookie, and the case of each name as first given is kept for the wire.
 */
export class FetchHeaders {
  readonly #fields = new Map<string, HeaderField>();
  readonly #cookies: string[] = [];
  #guard: Guard = 'none';

  static {
    fieldsOf = (headers) => headers.#fields;
    cookiesOf = (headers) => headers.#cookies;
    guardOf = (headers, guard) => {
      if (guard) headers.#guard = guard;
      return headers.#guard;
    };
  }

  /** Also true for Node's own Headers, once something has loaded them. */
  static [Symbol.hasInstance](value: unknown): boolean {
    if (typeof value === 'object' && value !== null && #fields in value) return true;
    const node = loadedNodeFetchClasses();
    return node !== undefined && value instanceof node.Headers;
  }

  constructor(init?: FetchHeadersInit) {
    if (init === undefined) return;
    if (typeof init !== 'object' || init === null) {
      throw new TypeError(
        'Headers constructor: Argument 1 could not be converted to one of: sequence<sequence<ByteString>>, record<ByteString, ByteString>.',
      );
    }
    if (Symbol.iterator in init) {
      let index = 0;
      for (const pair of init as Iterable<Iterable<string>>) {
        if (typeof pair !== 'object' || pair === null || !(Symbol.iterator in pair)) {
          // Node's own message, spelling included.
          throw new TypeError(`Headers contructor: init[${index}] (${String(pair)}) is not iterable.`);
        }
        index++;
        const items = [...pair];
        if (items.length !== 2) {
          throw new TypeError(
            `Headers constructor: expected name/value pair to be length 2, found ${items.length}.`,
          );
        }
        this.append(items[0] as string, items[1] as string);
      }
      return;
    }
    for (const name of Object.keys(init)) this.append(name, (init as Record<string, string>)[name] as string);
  }

  // Rest parameters so that a missing argument is told from an undefined one, as WebIDL does.
  append(...given: [name: string, value: string]): void {
    arity('append', given.length, 2);
    const [name, value] = given;
    const field = checkedField('append', name, value);
    this.#writable();
    appendField(this, field.name, field.value);
  }

  set(...given: [name: string, value: string]): void {
    arity('set', given.length, 2);
    const [name, value] = given;
    const field = checkedField('set', name, value);
    this.#writable();
    const key = field.name.toLowerCase();
    if (key === 'set-cookie') this.#cookies.splice(0, this.#cookies.length, field.value);
    // A field that is set again keeps its place in the wire order, under its new name case.
    this.#fields.set(key, field);
  }

  get(...given: [name: string]): string | null {
    arity('get', given.length, 1);
    const [name] = given;
    return this.#fields.get(checkedName('get', name).toLowerCase())?.value ?? null;
  }

  has(...given: [name: string]): boolean {
    arity('has', given.length, 1);
    const [name] = given;
    return this.#fields.has(checkedName('has', name).toLowerCase());
  }

  delete(...given: [name: string]): void {
    arity('delete', given.length, 1);
    const [name] = given;
    const key = checkedName('delete', name).toLowerCase();
    this.#writable();
    if (key === 'set-cookie') this.#cookies.length = 0;
    this.#fields.delete(key);
  }

  getSetCookie(): string[] {
    return [...this.#cookies];
  }

  forEach(callback: (value: string, name: string, headers: FetchHeaders) => void, thisArg?: unknown): void {
    if (typeof callback !== 'function') {
      throw new TypeError("Failed to execute 'forEach' on 'Headers': parameter 1 is not of type 'Function'.");
    }
    for (const [name, value] of this) callback.call(thisArg, value, name, this);
  }

  *entries(): IterableIterator<[string, string]> {
    const names = [...this.#fields.keys()].sort();
    for (const name of names) {
      if (name === 'set-cookie') {
        for (const cookie of this.#cookies) yield [name, cookie];
      } else {
        const field = this.#fields.get(name);
        if (field) yield [name, field.value];
      }
    }
  }

  *keys(): IterableIterator<string> {
    for (const [name] of this.entries()) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of this.entries()) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  get [Symbol.toStringTag](): string {
    return 'Headers';
  }

  #writable(): void {
    if (this.#guard === 'immutable') throw new TypeError('immutable');
  }
}

/** The fields in wire order (first insertion), each under the name case first given. */
export function headerFields(headers: FetchHeaders): IterableIterator<HeaderField> {
  return fieldsOf(headers).values();
}

/**
 * Appends a field that came off the wire: unchecked, as Node does for a response's fields (the
 * HTTP parser has already refused what is not a field).
 */
export function appendField(headers: FetchHeaders, name: string, value: string): void {
  const fields = fieldsOf(headers);
  const key = name.toLowerCase();
  const existing = fields.get(key);
  if (key === 'set-cookie') cookiesOf(headers).push(value);
  if (existing) existing.value = `${existing.value}, ${value}`;
  else fields.set(key, { name, value });
}

/** A copy of `headers`: the same fields in the same order and case, and the same guard. */
export function copyHeaders(headers: FetchHeaders): FetchHeaders {
  const copy = new FetchHeaders();
  const fields = fieldsOf(copy);
  for (const field of fieldsOf(headers).values()) fields.set(field.name.toLowerCase(), { ...field });
  cookiesOf(copy).push(...cookiesOf(headers));
  guardOf(copy, guardOf(headers));
  return copy;
}

/** Makes `headers` refuse changes, as a response's headers do. */
export function freezeHeaders(headers: FetchHeaders): FetchHeaders {
  guardOf(headers, 'immutable');
  return headers;
}

function arity(method: string, given: number, required: number): void {
  if (given < required) {
    throw new TypeError(
      `Headers.${method}: ${required} argument${required === 1 ? '' : 's'} required, but${given === 0 ? '' : ' only'} ${given} found.`,
    );
  }
}

function checkedName(method: string, name: unknown): string {
  const text = byteString(name);
  if (!TOKEN.test(text)) throw new TypeError(`Headers.${method}: "${text}" is an invalid header name.`);
  return text;
}

function checkedField(method: string, name: unknown, value: unknown): HeaderField {
  const checked = checkedName(method, name);
  const normalized = byteString(value).replace(EDGE_WHITESPACE, '');
  if (FORBIDDEN_IN_VALUE.test(normalized)) {
    throw new TypeError(`Headers.${method}: "${normalized}" is an invalid header value.`);
  }
  return { name: checked, value: normalized };
}

/** WebIDL's ByteString: any value as a string whose characters all fit in a byte. */
function byteString(value: unknown): string {
  const text = String(value);
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code > 255) {
      throw new TypeError(
        `Cannot convert argument to a ByteString because the character at index ${index} has a value of ${code} which is greater than 255.`,
      );
    }
  }
  return text;
}
