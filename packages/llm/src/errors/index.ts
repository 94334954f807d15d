export { classifyProviderError, type ProviderFailure } from './classify-error.js';
export { isContextOverflowMessage } from './context-overflow.js';
export { parseRetryAfter } from './retry-after.js';
export * from './sdk-error.js';
