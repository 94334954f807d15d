import type { ToolCallInfo, ToolPipeHook } from '../../hooks/hook-points.js';
import type { ToolResult } from '../tool.js';

/**
 * Runs the pipe hooks in order, each seeing the previous one's result; undefined keeps it. A pipe
 * that throws leaves the result as it was and is reported through `onFailure`, since the tool
 * already ran and its result is still true.
 */
export async function runPipes(
  pipes: readonly ToolPipeHook[],
  call: ToolCallInfo,
  result: ToolResult,
  signal: AbortSignal,
  onFailure: (error: unknown) => void,
): Promise<ToolResult> {
  let current = result;
  for (const pipe of pipes) {
    try {
      current = (await pipe(call, current, signal)) ?? current;
    } catch (error) {
      onFailure(error);
    }
  }
  return current;
}
