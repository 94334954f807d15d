export {
  CHAT_QUIRK_PRESETS,
  type ChatQuirks,
  DEFAULT_CHAT_QUIRKS,
  resolveChatQuirks,
} from './chat-quirks.js';
export { OpenAICompatibleAdapter, type OpenAICompatibleAdapterOptions } from './openai-compatible-adapter.js';
