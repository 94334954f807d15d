/**
 * Recognises "the prompt does not fit" in each provider's own words, since not all of them send a
 * distinct code: Anthropic, OpenAI (both APIs), Gemini, and the OpenAI-compatible servers.
 */
const CONTEXT_OVERFLOW_PATTERNS: readonly RegExp[] = [
  /prompt is too long/i, // Anthropic
  /input length and `?max_tokens`? exceed context limit/i, // Anthropic
  /exceeds the context window/i, // OpenAI Responses
  /maximum context length is/i, // OpenAI Chat, vLLM, DeepSeek, OpenRouter ("This endpoint's maximum context length is")
  /input token count.*exceeds the maximum number of tokens/i, // Gemini
  /maximum prompt length is/i, // xAI
  /too large for model with \d+ maximum context length/i, // Mistral
  /exceeds the available context size/i, // llama.cpp server
  /context length exceeded|context_length_exceeded/i, // Ollama, LM Studio, generic
  /reduce the length of the messages/i, // Groq
  /`inputs` tokens \+ `max_new_tokens` must be <=/i, // Hugging Face TGI, Together
  /context window (?:is )?(?:full|exceeded)/i,
];

export function isContextOverflowMessage(message: string | undefined): boolean {
  return message !== undefined && CONTEXT_OVERFLOW_PATTERNS.some((pattern) => pattern.test(message));
}
