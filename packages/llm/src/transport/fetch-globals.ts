import { FetchHeaders } from './fetch-headers.js';
import { FetchResponse } from './fetch-response.js';
import { loadedNodeFetchClasses, nodeFetchClasses } from './node-fetch-classes.js';
import { nodeHttpFetch } from './node-http-fetch.js';

/**
 * Node's Request, loaded only when one is made: nothing on a model call's path makes one, and an
 * object can only be a Request once the class is loaded.
 */
export class LazyRequest {
  constructor(input: ConstructorParameters<typeof Request>[0], init?: RequestInit) {
    // biome-ignore lint/correctness/noConstructorReturn: stands in for Node's own class
    return new (nodeFetchClasses().Request)(input, init);
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    const node = loadedNodeFetchClasses();
    return node !== undefined && value instanceof node.Request;
  }
}

/** Node's FormData, loaded only when one is made (the SDKs test bodies against it on every call). */
export class LazyFormData {
  constructor() {
    // biome-ignore lint/correctness/noConstructorReturn: stands in for Node's own class
    return new (nodeFetchClasses().FormData)();
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    const node = loadedNodeFetchClasses();
    return node !== undefined && value instanceof node.FormData;
  }
}

/** The web globals a host puts in place of Node's so that model calls never load undici. */
export interface NodeHttpFetchGlobals {
  fetch: typeof fetch;
  Headers: typeof Headers;
  Response: typeof Response;
  Request: typeof Request;
  FormData: typeof FormData;
}

/**
 * The replacements, typed as the globals they stand for: for a bundler's `inject` (so only the
 * bundled code sees them) or for {@link installNodeHttpFetch}.
 */
export const nodeHttpFetchGlobals: NodeHttpFetchGlobals = {
  fetch: nodeHttpFetch,
  Headers: FetchHeaders as unknown as typeof Headers,
  Response: FetchResponse as unknown as typeof Response,
  Request: LazyRequest as unknown as typeof Request,
  FormData: LazyFormData as unknown as typeof FormData,
};

/**
 * Puts {@link nodeHttpFetchGlobals} on `globalThis` for the whole process, for a host that owns
 * its process and does not bundle. Returns a function that puts Node's own back.
 */
export function installNodeHttpFetch(): () => void {
  const names = Object.keys(nodeHttpFetchGlobals) as (keyof NodeHttpFetchGlobals)[];
  const previous = names.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)] as const);
  for (const name of names) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      writable: true,
      enumerable: false,
      value: nodeHttpFetchGlobals[name],
    });
  }
  return () => {
    for (const [name, descriptor] of previous) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
  };
}
