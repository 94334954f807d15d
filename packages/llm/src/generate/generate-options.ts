import type { CallOptions } from '../adapters/provider-adapter.js';
import type { Client } from '../client/client.js';
import { getDefaultClient } from '../client/default-client.js';
import { ConfigurationError } from '../errors/sdk-error.js';
import type { RetryOptions } from '../retry/retry.js';
import { Message } from '../types/content.js';
import type {
  ProviderOptions,
  ReasoningEffort,
  Request,
  ResponseFormat,
  ToolChoice,
} from '../types/request.js';
import type { StepResult } from './step-result.js';
import { assertValidTool, type Tool, toolDefinition } from './tool.js';

export interface TimeoutOptions {
  /** The whole run: every step, tool and retry wait. */
  totalMs?: number;
  /** Each model call (one attempt of one step). */
  perStepMs?: number;
}

/** The options of generate and stream. Exactly one of `prompt` and `messages`. */
export interface GenerateOptions {
  model: string;
  /** A single user message. */
  prompt?: string;
  /** A whole conversation. */
  messages?: readonly Message[];
  /** Prepended as a system message. */
  system?: string;
  tools?: readonly Tool[];
  toolChoice?: ToolChoice;
  /** How many rounds of tool execution to run (default 1; 0: return calls without running them). */
  maxToolRounds?: number;
  /** Checked after each step that ran tools; true ends the run. */
  stopWhen?: (steps: readonly StepResult[]) => boolean;
  responseFormat?: ResponseFormat;
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  stopSequences?: string[];
  reasoningEffort?: ReasoningEffort;
  provider?: string;
  providerOptions?: ProviderOptions;
  metadata?: Record<string, string>;
  /** Retries per step (default 2); 0 turns them off. */
  maxRetries?: number;
  /** The rest of the retry policy, and an injectable sleep / random for tests. */
  retry?: RetryOptions;
  timeout?: TimeoutOptions;
  /** Aborting ends the run with AbortError (and closes an open stream). */
  signal?: AbortSignal;
  /** Adapter-level timeouts (request, stream idle). */
  callOptions?: Omit<CallOptions, 'signal'>;
  /** Default: the module's default client (built from the environment). */
  client?: Client;
}

/** The conversation a run starts from: system, then the prompt or the messages. */
export function initialMessages(options: GenerateOptions): Message[] {
  if (options.prompt !== undefined && options.messages !== undefined) {
    throw new ConfigurationError('Pass either `prompt` or `messages`, not both.');
  }
  if (options.prompt === undefined && options.messages === undefined) {
    throw new ConfigurationError('Pass `prompt` or `messages`.');
  }
  const conversation = options.messages ? [...options.messages] : [Message.user(options.prompt ?? '')];
  return options.system === undefined ? conversation : [Message.system(options.system), ...conversation];
}

/** The request for one step: the options' generation settings over the conversation so far. */
export function stepRequest(options: GenerateOptions, messages: Message[]): Request {
  const tools = options.tools ?? [];
  for (const tool of tools) assertValidTool(tool);
  const request: Request = { model: options.model, messages };
  if (tools.length > 0) request.tools = tools.map(toolDefinition);
  if (options.toolChoice) request.toolChoice = options.toolChoice;
  if (options.responseFormat) request.responseFormat = options.responseFormat;
  if (options.temperature !== undefined) request.temperature = options.temperature;
  if (options.topP !== undefined) request.topP = options.topP;
  if (options.maxTokens !== undefined) request.maxTokens = options.maxTokens;
  if (options.stopSequences) request.stopSequences = options.stopSequences;
  if (options.reasoningEffort) request.reasoningEffort = options.reasoningEffort;
  if (options.provider) request.provider = options.provider;
  if (options.providerOptions) request.providerOptions = options.providerOptions;
  if (options.metadata) request.metadata = options.metadata;
  return request;
}

export function clientOf(options: GenerateOptions): Client {
  return options.client ?? getDefaultClient();
}

/** The retry options for each step: the policy with `maxRetries` from the options when given. */
export function retryOptionsOf(options: GenerateOptions, signal: AbortSignal): RetryOptions {
  return {
    ...options.retry,
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
    signal,
  };
}

/** The tools by name, for execution. */
export function toolsByName(options: GenerateOptions): Map<string, Tool> {
  return new Map((options.tools ?? []).map((tool) => [tool.name, tool]));
}
