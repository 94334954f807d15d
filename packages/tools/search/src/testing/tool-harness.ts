import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { executeTool, resultText, type Tool, type ToolResult } from '@weft/agent-core';
import { LocalExecutionEnvironment } from '@weft/env-local';

/** A tool call's result with its text pulled out, for assertions. */
export interface CallOutcome<TDetails> {
  result: ToolResult<TDetails>;
  text: string;
  isError: boolean;
  details: TDetails;
}

/**
 * Calls a tool the way the agent loop does (arguments validated by `executeTool`) in a real
 * LocalExecutionEnvironment rooted at `workingDirectory`.
 */
export async function callTool<TDetails>(
  tool: Tool,
  args: unknown,
  workingDirectory: string,
  signal: AbortSignal = new AbortController().signal,
): Promise<CallOutcome<TDetails>> {
  const env = new LocalExecutionEnvironment({ workingDirectory });
  try {
    const result = (await executeTool(tool, args, {
      env,
      signal,
      toolCallId: 'call_test',
    })) as ToolResult<TDetails>;
    return {
      result,
      text: resultText(result),
      isError: result.isError === true,
      details: result.details as TDetails,
    };
  } finally {
    await env.cleanup();
  }
}

/** Writes files under `root`, creating their folders: `{ 'src/a.ts': 'text' }`. */
export function writeTree(root: string, files: Record<string, string | Uint8Array>): void {
  for (const [relative, content] of Object.entries(files)) {
    const path = join(root, relative);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
}

/** Writes an executable shell script. */
export function writeScript(path: string, body: string): string {
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

/** True while a process with this id exists. */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
