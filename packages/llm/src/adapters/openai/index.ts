export { OpenAIAdapter, type OpenAIAdapterOptions, RESPONSES_TOOL_CALL_ID_RULE } from './openai-adapter.js';
