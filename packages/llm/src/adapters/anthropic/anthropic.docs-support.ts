// Docs support: what the examples in docs/anthropic.md import as '@weft/llm', from the source, so
// they run before the package's entry point exports the adapter (and without a build).
export * from '../../index.js';
export { AnthropicAdapter } from './index.js';
