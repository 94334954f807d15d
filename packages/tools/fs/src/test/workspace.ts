import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { executeTool, type Tool, type ToolResult } from '@weft/agent-core';
import { LocalExecutionEnvironment, type LocalExecutionEnvironmentOptions } from '@weft/env-local';
import { createTempDir, type TempDir } from '@weft/testkit';

/**
 * A temp folder with a LocalExecutionEnvironment rooted in it, for running the tools on real
 * files through `executeTool` (so argument validation is real too).
 */
export interface Workspace {
  readonly dir: TempDir;
  readonly env: LocalExecutionEnvironment;
  /** Absolute path of a file in the workspace. */
  path(...segments: string[]): string;
  /** Writes a file (parents created) and returns its absolute path. */
  write(relative: string, content: string | Uint8Array): string;
  read(relative: string): string;
  readBytes(relative: string): Buffer;
  run(tool: Tool, args: unknown, signal?: AbortSignal): Promise<ToolResult>;
  remove(): void;
}

export function createWorkspace(
  options: Partial<LocalExecutionEnvironmentOptions> = {},
  prefix = 'weft-tools-fs-',
): Workspace {
  const dir = createTempDir(prefix);
  // Readable by any user, so tests that drop root privileges can still work in it.
  chmodSync(dir.path, 0o777);
  const env = new LocalExecutionEnvironment({ workingDirectory: dir.path, ...options });
  return {
    dir,
    env,
    path: (...segments) => dir.join(...segments),
    write(relative, content) {
      const target = dir.join(relative);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, content);
      return target;
    },
    read: (relative) => readFileSync(dir.join(relative), 'utf8'),
    readBytes: (relative) => readFileSync(dir.join(relative)),
    run: (tool, args, signal = new AbortController().signal) =>
      executeTool(tool, args, { env, signal, toolCallId: 'call_test' }),
    remove: () => dir.remove(),
  };
}

/** The smallest valid PNG: a 1×1 transparent pixel. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** `count` lines "line 1" … "line N" joined by "\n" (no final newline). */
export function numberedLines(count: number): string {
  return Array.from({ length: count }, (_, i) => `line ${i + 1}`).join('\n');
}
