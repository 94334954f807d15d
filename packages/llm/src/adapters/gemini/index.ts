export { SKIP_SIGNATURE_VALIDATION } from './current-turn-signatures.js';
export { GeminiAdapter, type GeminiAdapterOptions } from './gemini-adapter.js';
