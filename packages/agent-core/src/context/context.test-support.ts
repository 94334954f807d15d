/**
 * Test-only helpers for the context tests: turn builders, a client wired to the testkit server
 * for every native protocol, and a small loop that records a real history from the server's
 * answers (so assistant turns carry the ids and signatures a provider really issued).
 */
import {
  AnthropicAdapter,
  Client,
  GeminiAdapter,
  Message,
  OpenAIAdapter,
  type RepairChange,
  type ToolDefinition,
} from '@weft/llm';
import { FakeModelServer, type ScriptedTurn } from '@weft/testkit';
import type {
  AssistantTurn,
  SteeringTurn,
  SummaryTurn,
  SystemTurn,
  ToolResultRecord,
  ToolResultsTurn,
  Turn,
  UserTurn,
} from '../history/turn.js';
import { summaryTurnMessage } from './summary-text.js';

let nextId = 0;
const id = (prefix: string): string => `${prefix}-${++nextId}`;
const timestamp = '2026-01-01T00:00:00.000Z';
const usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };

export const user = (text: string): UserTurn => ({
  type: 'user',
  id: id('user'),
  timestamp,
  content: [{ type: 'text', text }],
});

export const system = (content: string): SystemTurn => ({
  type: 'system',
  id: id('system'),
  timestamp,
  content,
});

export const steering = (content: string): SteeringTurn => ({
  type: 'steering',
  id: id('steering'),
  timestamp,
  content,
  source: 'host',
});

export const assistant = (text: string): AssistantTurn => assistantWith([{ kind: 'text', text }]);

/** An assistant turn calling tools; each call gets the id `call-<n>`. */
export const calls = (
  ...toolCalls: { name: string; arguments: Record<string, unknown> | string; id?: string }[]
): AssistantTurn =>
  assistantWith(
    toolCalls.map((call) => ({
      kind: 'tool_call',
      toolCall: { id: call.id ?? id('call'), name: call.name, arguments: call.arguments },
    })),
  );

function assistantWith(content: Message['content']): AssistantTurn {
  return {
    type: 'assistant',
    id: id('assistant'),
    timestamp,
    message: { role: 'assistant', content, origin: { provider: 'anthropic', model: 'claude-sonnet-5-5' } },
    usage,
    finishReason: { reason: 'stop', raw: 'end_turn' },
    provider: 'anthropic',
    model: 'claude-sonnet-5-5',
  };
}

/** The results of every call of `turn`, in call order: `text(callName)` each, or an error for names in `failing`. */
export function resultsFor(
  turn: AssistantTurn,
  text: (name: string) => string,
  failing: readonly string[] = [],
): ToolResultsTurn {
  const results: ToolResultRecord[] = Message.toolCalls(turn.message).map((call) => ({
    toolCallId: call.id,
    toolName: call.name,
    content: [{ type: 'text', text: text(call.name) }],
    isError: failing.includes(call.name),
  }));
  return { type: 'tool_results', id: id('results'), timestamp, results };
}

export const summary = (text: string, files: { read?: string[]; modified?: string[] } = {}): SummaryTurn => ({
  type: 'summary',
  id: id('summary'),
  timestamp,
  summary: text,
  replacedTurns: 3,
  firstKeptTurnId: undefined,
  readFiles: files.read ?? [],
  modifiedFiles: files.modified ?? [],
});

/** A deep copy, for checking later that a function left its input as it was. */
export const snapshot = <T>(value: T): T => structuredClone(value);

export type NativeProvider = 'anthropic' | 'openai' | 'gemini';

export const MODELS: Readonly<Record<NativeProvider, string>> = {
  anthropic: 'claude-sonnet-5-5',
  openai: 'gpt-5.4',
  gemini: 'gemini-3-flash-preview',
};

export interface ServerAndClient {
  server: FakeModelServer;
  client: Client;
  /** What the client's history repair changed, per request (empty when the history was already valid). */
  repairs: RepairChange[][];
  close(): Promise<void>;
}

/** A testkit server and a real client with an adapter for each native protocol pointed at it. */
export async function startServerAndClient(): Promise<ServerAndClient> {
  const server = await FakeModelServer.start();
  const repairs: RepairChange[][] = [];
  const client = new Client({
    providers: [
      new AnthropicAdapter({ apiKey: 'test', baseUrl: server.baseUrls.anthropic }),
      new OpenAIAdapter({ apiKey: 'test', baseUrl: server.baseUrls.openai }),
      new GeminiAdapter({ apiKey: 'test', baseUrl: server.baseUrls.gemini }),
    ],
    onHistoryRepair: (changes) => repairs.push(changes),
  });
  return {
    server,
    client,
    repairs,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/** Turns as request messages, the way a session sends them. */
export function turnsToMessages(turns: readonly Turn[]): Message[] {
  return turns.flatMap(turnMessages);
}

function turnMessages(turn: Turn): Message[] {
  switch (turn.type) {
    case 'user':
      return [Message.user(turn.content.map((part) => (part.type === 'text' ? part.text : '')).join(''))];
    case 'assistant':
      return [turn.message];
    case 'tool_results':
      return turn.results.map((result) =>
        Message.toolResult(
          result.toolCallId,
          result.content.map((part) => (part.type === 'text' ? part.text : '')).join(''),
          result.isError,
          result.toolName,
        ),
      );
    case 'system':
      return [Message.user(`<system-note>\n${turn.content}\n</system-note>`)];
    case 'steering':
      return [Message.user(turn.content)];
    case 'summary':
      return [summaryTurnMessage(turn)];
  }
}

export const FILE_TOOLS: ToolDefinition[] = ['read_file', 'edit_file'].map((name) => ({
  name,
  description: `Test tool ${name}.`,
  parameters: { type: 'object', properties: { file_path: { type: 'string' } }, required: ['file_path'] },
}));

/**
 * Plays `script` against the server for `provider`: each user prompt is followed by model calls
 * until a text-only answer, tool calls answered with `toolOutput(call)`. Returns the history, its
 * assistant turns exactly as the provider answered.
 */
export async function recordHistory(
  harness: ServerAndClient,
  provider: NativeProvider,
  script: readonly { prompt: string; turns: ScriptedTurn[] }[],
  toolOutput: (name: string) => string,
): Promise<Turn[]> {
  const history: Turn[] = [];
  for (const step of script) {
    harness.server.enqueue(...step.turns);
    history.push(user(step.prompt));
    for (;;) {
      const response = await harness.client.complete({
        model: MODELS[provider],
        provider,
        messages: turnsToMessages(history),
        tools: FILE_TOOLS,
      });
      const turn: AssistantTurn = {
        type: 'assistant',
        id: id('assistant'),
        timestamp,
        message: response.message,
        usage: response.usage,
        finishReason: response.finishReason,
        provider: response.provider,
        model: response.model,
      };
      history.push(turn);
      if (Message.toolCalls(turn.message).length === 0) break;
      history.push(resultsFor(turn, toolOutput));
    }
  }
  return history;
}
