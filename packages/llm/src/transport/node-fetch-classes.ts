/**
 * Node's own fetch and its classes (the undici inside Node). Node defines them as lazy globals:
 * the first touch of any of them loads undici and its dependencies (http2, tls, zlib, worker
 * threads…), about 25 ms of CPU on our machines. The descriptors are read once, here, without
 * touching them, so these stay Node's own even after a host installs this package's replacements
 * as globals.
 */
export interface NodeFetchClasses {
  fetch: typeof globalThis.fetch;
  Headers: typeof globalThis.Headers;
  Request: typeof globalThis.Request;
  Response: typeof globalThis.Response;
  FormData: typeof globalThis.FormData;
}

type Name = keyof NodeFetchClasses;
const NAMES: readonly Name[] = ['fetch', 'Headers', 'Request', 'Response', 'FormData'];
const descriptors = new Map(NAMES.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]));
let classes: NodeFetchClasses | undefined;

/** Node's fetch classes, loading undici on the first call. */
export function nodeFetchClasses(): NodeFetchClasses {
  if (classes) return classes;
  const taken: Partial<Record<Name, unknown>> = {};
  for (const name of NAMES) {
    const descriptor = descriptors.get(name);
    const value = descriptor?.get ? descriptor.get.call(globalThis) : descriptor?.value;
    if (value === undefined)
      throw new TypeError(`This Node.js has no global ${name}; Node.js 20 or later is required.`);
    taken[name] = value;
  }
  classes = taken as NodeFetchClasses;
  return classes;
}

/**
 * Node's fetch classes if something here has loaded them, else undefined: an object can only be
 * an instance of one of them once they are loaded, so `instanceof` checks never load undici.
 */
export function loadedNodeFetchClasses(): NodeFetchClasses | undefined {
  return classes;
}
