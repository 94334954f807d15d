import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { executeTool, resultText, type Tool, type ToolResult, type ToolUpdate } from '@weft/agent-core';
import { LocalExecutionEnvironment, type LocalExecutionEnvironmentOptions } from '@weft/env-local';
import { createTempDir, type TempDir } from '@weft/testkit';

/** A tool call's outcome with its text pulled out, for assertions. */
export interface Call {
  result: ToolResult;
  text: string;
  isError: boolean;
  details: unknown;
  updates: ToolUpdate[];
}

export interface CallOptions {
  signal?: AbortSignal;
  /** What a session passes as `ToolContext.commandTimeouts`. */
  commandTimeouts?: { defaultMs: number; maxMs: number };
}

/**
 * A temp folder with a real LocalExecutionEnvironment rooted in it, and a `call` that runs a
 * tool the way the session does (arguments validated by executeTool). Dispose it (`using`) to
 * stop its processes and delete the folder.
 */
export interface Workspace extends Disposable {
  dir: TempDir;
  env: LocalExecutionEnvironment;
  /** The folder's absolute path. */
  path: string;
  call(tool: Tool, args: unknown, options?: CallOptions): Promise<Call>;
  /** Writes files below the folder: `{ 'src/a.ts': 'text' }`. */
  write(files: Record<string, string | Uint8Array>): void;
  cleanup(): Promise<void>;
}

export function createWorkspace(options: Partial<LocalExecutionEnvironmentOptions> = {}): Workspace {
  const dir = createTempDir('weft-profiles-');
  const env = new LocalExecutionEnvironment({ workingDirectory: dir.path, ...options });
  const cleanup = async () => {
    await env.cleanup();
    dir.remove();
  };
  return {
    dir,
    env,
    path: dir.path,
    async call(tool, args, callOptions = {}) {
      const updates: ToolUpdate[] = [];
      const result = await executeTool(tool, args, {
        env,
        signal: callOptions.signal ?? new AbortController().signal,
        toolCallId: 'call_test',
        onUpdate: (update) => updates.push(update),
        ...(callOptions.commandTimeouts ? { commandTimeouts: callOptions.commandTimeouts } : {}),
      });
      return {
        result,
        text: resultText(result),
        isError: result.isError === true,
        details: result.details,
        updates,
      };
    },
    write(files) {
      for (const [relative, content] of Object.entries(files)) {
        const path = join(dir.path, relative);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, content);
      }
    },
    cleanup,
    [Symbol.dispose]() {
      void cleanup();
    },
  };
}
