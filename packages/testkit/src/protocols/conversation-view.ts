/**
 * A request seen the same way whatever protocol carried it, so one matcher or assertion works for
 * every provider: "the last message carries a tool result", "the system prompt mentions AGENTS.md".
 */
export interface ConversationView {
  /** System and developer instructions, joined with blank lines. */
  system: string;
  messages: ViewMessage[];
  /** Names of the tools offered (function tools, and OpenAI Responses' custom tools). */
  tools: string[];
}

export interface ViewMessage {
  /** 'tool' for a message that only carries tool results (OpenAI's tool role, Responses' outputs). */
  role: 'system' | 'developer' | 'user' | 'assistant' | 'tool';
  /** The message's text parts, joined. */
  text: string;
  /** Reasoning the request echoes back (thinking blocks, reasoning items, thought parts). */
  reasoning: string;
  toolCalls: ViewToolCall[];
  toolResults: ViewToolResult[];
  /** Number of image parts. */
  images: number;
}

export interface ViewToolCall {
  id: string | undefined;
  name: string;
  /** Parsed JSON arguments; for a custom call, its raw input text. */
  arguments: unknown;
  /** A call to a custom (freeform) tool (Responses' `custom_tool_call`). */
  custom?: true;
}

export interface ViewToolResult {
  id: string | undefined;
  name: string | undefined;
  /** The result's text content, joined. */
  content: string;
  isError: boolean;
  /** The output of a custom tool's call (Responses' `custom_tool_call_output`). */
  custom?: true;
}

export function emptyMessage(role: ViewMessage['role']): ViewMessage {
  return { role, text: '', reasoning: '', toolCalls: [], toolResults: [], images: 0 };
}
