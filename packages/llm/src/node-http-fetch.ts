// The `@weft/llm/node-http-fetch` entry: fetch and its classes without Node's undici, for hosts
// whose start-up time counts (see transport/node-http-fetch.ts).

export {
  installNodeHttpFetch,
  LazyFormData,
  LazyRequest,
  type NodeHttpFetchGlobals,
  nodeHttpFetchGlobals,
} from './transport/fetch-globals.js';
export { FetchHeaders, type FetchHeadersInit } from './transport/fetch-headers.js';
export { FetchResponse, type FetchResponseInit } from './transport/fetch-response.js';
export {
  createNodeHttpFetch,
  type NodeHttpFetchOptions,
  nodeHttpFetch,
} from './transport/node-http-fetch.js';
export { type ProxyEnv, ProxyError, ProxySettingError } from './transport/proxy-env.js';
