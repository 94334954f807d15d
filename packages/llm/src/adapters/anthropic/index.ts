export { AnthropicAdapter } from './anthropic-adapter.js';
export type { AnthropicAdapterOptions, AnthropicProviderOptions } from './anthropic-options.js';
export { ANTHROPIC_TOOL_CALL_ID_RULE } from './tool-call-id-rule.js';
