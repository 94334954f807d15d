/**
 * The `openai` package, loaded on first use. Importing @weft/llm must not load three SDKs (the
 * CLI has to start fast), so adapters import only types at the top and call this when a request
 * is actually made. The promise is shared: the module is evaluated once per process.
 */
export type OpenAISdk = typeof import('openai');

let loading: Promise<OpenAISdk> | undefined;

export function loadOpenAISdk(): Promise<OpenAISdk> {
  loading ??= import('openai');
  return loading;
}

export type OpenAISseModule = typeof import('openai/core/streaming');

let loadingSse: Promise<OpenAISseModule> | undefined;

/** The SDK's SSE decoder (`_iterSSEMessages`), for streams whose terminator its Stream hides. */
export function loadOpenAISseDecoder(): Promise<OpenAISseModule> {
  loadingSse ??= import('openai/core/streaming');
  return loadingSse;
}
