// Injected into the command's bundle (tsup.config.ts): inside the bundle, and only there, the
// free names fetch, Headers, Response, Request and FormData mean these, so the SDKs' model calls
// go over node:http instead of Node's fetch, whose first use loads undici and its dependencies
// (about 40 ms of a 150 ms headless run). Nothing outside the bundle sees a change; Node's own
// globals stay as they are. WEFT_NODE_FETCH=1 gives the bundle Node's own fetch back, to rule the
// transport out when looking for the cause of a network problem.
import { nodeHttpFetchGlobals } from '@weft/llm/node-http-fetch';

const chosen = process.env.WEFT_NODE_FETCH === '1' ? globalThis : nodeHttpFetchGlobals;

export const fetch: typeof globalThis.fetch = chosen.fetch;
export const Headers: typeof globalThis.Headers = chosen.Headers;
export const Response: typeof globalThis.Response = chosen.Response;
export const Request: typeof globalThis.Request = chosen.Request;
export const FormData: typeof globalThis.FormData = chosen.FormData;
