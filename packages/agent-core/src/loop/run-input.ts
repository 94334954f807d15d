import { randomUUID } from 'node:crypto';
import { Message, type Response } from '@weft/llm';
import { contextWarningMessage } from '../context/history-tokens.js';
import { shouldCompact } from '../context/should-compact.js';
import type { AssistantTurn } from '../history/turn.js';
import { runToolRound } from '../tools/pipeline/run-tool-round.js';
import { errorResult, type ToolContent } from '../tools/tool.js';
import { checkLimits } from './check-limits.js';
import { detectLoops } from './detect-loops.js';
import type { BuiltRequest, LoopHost } from './loop-host.js';
import { cutToolCallMessage, OUTPUT_TRUNCATED_MESSAGE } from './loop-messages.js';
import { callModel, type StopOutcome } from './model-call.js';

/** What one submit (with its follow-ups) has done so far. */
export interface InputTotals {
  /** Model responses recorded. */
  turns: number;
  toolRounds: number;
  /** The text of the latest response. */
  text: string;
}

/**
 * Processes one input (loop spec §2.5 `process_input`, with the corrections): record it, then
 * until a text-only answer, a limit, an abort or an error: check the limits, compact when due,
 * drain steering, build the request (system prompt rebuilt every time), stream the model call,
 * record the response, run its tool calls, record their results, drain steering, detect loops.
 */
export async function runInput(
  host: LoopHost,
  content: ToolContent[],
  totals: InputTotals,
): Promise<StopOutcome> {
  await host.appendUserInput(content);
  const budget = { left: host.config.maxEmptyResponseRetries };
  let rounds = 0;
  let warnedContext = false;

  for (let responseIndex = 0; ; responseIndex++) {
    if (host.signal.aborted) return { stopReason: 'aborted' };
    const limit = checkLimits(host, rounds);
    if (limit) return limit;

    await host.runPendingCompaction();
    if (shouldCompactNow(host)) await host.compact('threshold');
    if (host.signal.aborted) return { stopReason: 'aborted' };
    await host.drainSteering();

    const result = await callModel(host, responseIndex, budget, (built) => {
      warnedContext = warnAboutContext(host, built, warnedContext);
    });
    if (result.kind === 'stop') return result.outcome;
    const response = result.response;

    const turn = assistantTurn(response);
    await host.appendTurn(turn);
    host.addUsage(response.usage);
    totals.turns++;
    const calls = Message.toolCalls(response.message);
    totals.text = Message.text(response.message);
    host.emit('assistant_text_end', {
      turnId: turn.id,
      text: totals.text,
      reasoning: Message.reasoning(response.message),
      toolCalls: calls,
      usage: response.usage,
      finishReason: response.finishReason,
      provider: response.provider,
      model: response.model,
    });
    const cutByLimit = response.finishReason.reason === 'length';

    if (calls.length === 0) {
      // A steering message that arrived while the answer streamed is not left for later: the
      // model gets it at once (pi's rule: the loop goes on while messages are pending).
      if (host.steeringPending()) continue;
      // Seed 002 §4.2: a text answer that hit the output limit is still an answer.
      if (cutByLimit) host.emit('warning', { code: 'output_truncated', message: OUTPUT_TRUNCATED_MESSAGE });
      return host.awaitsInput?.(totals.text) ? { stopReason: 'awaiting_input' } : { stopReason: 'completed' };
    }

    rounds++;
    totals.toolRounds++;
    const outcomes = await runToolRound(calls, host.toolPipeline(), {
      parallel: host.parallelToolCalls(),
      sessionSignal: host.signal,
      interruptSignal: host.beginToolRound(),
      steeringPending: () => host.steeringPending(),
      // Seed 002 §4.2: a call the output limit cut off is answered, not run, and the loop goes on,
      // so the model sees what happened and can make the call again in smaller pieces.
      answer: (call) =>
        cutByLimit && typeof call.arguments === 'string'
          ? errorResult(cutToolCallMessage(call.name))
          : undefined,
    });
    await host.appendTurn({
      type: 'tool_results',
      id: randomUUID(),
      timestamp: new Date().toISOString(),
      results: outcomes.map((outcome) => outcome.record),
    });
    if (host.signal.aborted) return { stopReason: 'aborted' };
    await host.drainSteering();
    await detectLoops(host);
  }
}

function assistantTurn(response: Response): AssistantTurn {
  return {
    type: 'assistant',
    id: randomUUID(),
    timestamp: new Date().toISOString(),
    message: response.message,
    usage: response.usage,
    finishReason: response.finishReason,
    provider: response.provider,
    model: response.model,
    ...(response.id ? { responseId: response.id } : {}),
  };
}

function shouldCompactNow(host: LoopHost): boolean {
  const { compaction } = host.config;
  if (!compaction.enabled) return false;
  return shouldCompact(host.history(), host.contextWindow(), compaction, { fixedTokens: host.fixedTokens() });
}

/**
 * The loop spec §5.5 warning, once per input: the history and the request's fixed part
 * (system prompt, tool definitions) estimated against the profile's context window.
 */
function warnAboutContext(host: LoopHost, built: BuiltRequest, warned: boolean): boolean {
  if (warned) return true;
  const window = host.contextWindow();
  if (!(window > 0)) return false;
  const tokens = host.historyTokens() + built.fixedTokens;
  const fraction = tokens / window;
  if (fraction < host.config.contextWarningThreshold) return false;
  host.emit('warning', { code: 'context_usage', message: contextWarningMessage({ tokens, fraction }) });
  return true;
}
