import type { ToolCallData } from '@weft/llm';
import type { ToolCallInfo } from '../../hooks/hook-points.js';
import { executeTool } from '../execute-tool.js';
import { errorResult, type ToolResult } from '../tool.js';
import { invalidArgumentsMessage, validateArguments } from '../validate-arguments.js';
import { callArguments } from './call-arguments.js';
import { modelContent } from './model-content.js';
import { unknownToolMessage } from './pipeline-messages.js';
import { runGates } from './run-gates.js';
import { runPipes } from './run-pipes.js';
import type { ToolCallOutcome } from './tool-call-outcome.js';
import type { ToolPipelineContext } from './tool-pipeline-context.js';

/**
 * One tool call through the pipeline (loop spec §3.8, with the hook points): look up → validate →
 * gate → execute → pipe → truncate → emit → return. Never throws: every failure becomes an error
 * result the model can act on. `tool_call_start` opens the call; streamed output arrives as
 * `tool_call_output_delta`; `tool_call_end` carries the whole result while the returned record
 * holds what the model is sent.
 */
export async function runToolCall(
  call: ToolCallData,
  context: ToolPipelineContext,
  signal: AbortSignal,
): Promise<ToolCallOutcome> {
  const started = performance.now();
  context.emit('tool_call_start', { toolCallId: call.id, toolName: call.name, arguments: call.arguments });
  const { result, blocked } = await execute(call, context, signal);
  return finishToolCall(call, result, context, started, blocked === undefined ? {} : { blocked });
}

async function execute(
  call: ToolCallData,
  context: ToolPipelineContext,
  signal: AbortSignal,
): Promise<{ result: ToolResult; blocked?: string }> {
  const tool = context.registry.get(call.name);
  if (!tool) return { result: errorResult(unknownToolMessage(call.name)) };

  const validation = validateArguments(tool.parameters, callArguments(call));
  if (!validation.ok) {
    const message = invalidArgumentsMessage(tool.name, validation.problems);
    return { result: errorResult(message), blocked: message };
  }
  const info: ToolCallInfo = {
    toolCallId: call.id,
    toolName: call.name,
    arguments: validation.value as Record<string, unknown>,
    sessionId: context.sessionId,
    ...(context.agentId === undefined ? {} : { agentId: context.agentId }),
  };
  const gate = await runGates(context.hooks.toolGates ?? [], tool, info, signal);
  if (!gate.allowed) return { result: errorResult(gate.reason), blocked: gate.reason };

  const result = await executeTool(tool, gate.arguments, {
    env: context.env,
    signal,
    toolCallId: call.id,
    ...(context.commandTimeouts === undefined ? {} : { commandTimeouts: context.commandTimeouts }),
    onUpdate: (update) =>
      context.emit('tool_call_output_delta', {
        toolCallId: call.id,
        delta: update.text,
        ...(update.stream === undefined ? {} : { stream: update.stream }),
      }),
  });
  const piped = await runPipes(
    context.hooks.toolPipes ?? [],
    { ...info, arguments: gate.arguments },
    result,
    signal,
    (error) =>
      context.emit('warning', {
        code: 'hook_failed',
        message: `A result hook failed for ${call.name} (${error instanceof Error ? error.message : String(error)}); the result was kept as the tool returned it.`,
      }),
  );
  return { result: piped };
}

/** Truncates for the model, emits `tool_call_end` with the whole result, and returns the outcome. */
export function finishToolCall(
  call: ToolCallData,
  result: ToolResult,
  context: ToolPipelineContext,
  started: number,
  extra: { blocked?: string; skipped?: 'steering' | 'aborted' } = {},
): ToolCallOutcome {
  const model = modelContent(result, call.name, context.truncation);
  const durationMs = performance.now() - started;
  const isError = result.isError === true;
  context.emit('tool_call_end', {
    toolCallId: call.id,
    toolName: call.name,
    result,
    modelText: model.text,
    truncated: model.truncated,
    durationMs,
    ...extra,
  });
  return {
    record: {
      toolCallId: call.id,
      toolName: call.name,
      content: model.content,
      isError,
      ...(result.details === undefined ? {} : { details: result.details }),
    },
    result,
    modelText: model.text,
    truncated: model.truncated,
    durationMs,
    ...extra,
  };
}
