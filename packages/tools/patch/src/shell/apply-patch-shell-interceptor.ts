import { errorResult, type ToolContext, type ToolResult } from '@weft/agent-core';
import { runApplyPatch } from '../tool/apply-patch-tool.js';
import { parseApplyPatchInvocation } from './parse-apply-patch-invocation.js';

/** Codex's reply when a shell command is a bare patch. */
export const IMPLICIT_INVOCATION_MESSAGE =
  'patch detected without explicit call to apply_patch. Rerun as ["apply_patch", "<patch>"]';

/** A shell command interceptor: a result to use instead of running the command, or undefined to run it. */
export type ShellInterceptor = (command: string, context: ToolContext) => Promise<ToolResult> | undefined;

export interface ApplyPatchShellInterceptorOptions {
  /** Append what to do next to codex's error texts. Default true. */
  hints?: boolean;
}

/** Creates an interceptor answering apply_patch heredoc invocations through the apply_patch tool. */
export function createApplyPatchShellInterceptor(
  options: ApplyPatchShellInterceptorOptions = {},
): ShellInterceptor {
  const hints = options.hints ?? true;
  return (command, context) => {
    const invocation = parseApplyPatchInvocation(command);
    if (invocation === undefined) return undefined;
    if (invocation.kind === 'implicit') {
      const hint =
        "\n\nRun it as: apply_patch <<'EOF' followed by the patch and a line EOF, or call the apply_patch tool.";
      return Promise.resolve(
        errorResult(hints ? `${IMPLICIT_INVOCATION_MESSAGE}${hint}` : IMPLICIT_INVOCATION_MESSAGE),
      );
    }
    const runOptions = invocation.workdir === undefined ? { hints } : { hints, workdir: invocation.workdir };
    return runApplyPatch(invocation.patch, context, runOptions);
  };
}

/**
 * For the shell tool's `interceptors` option: answers `apply_patch <<'EOF' … EOF` (and
 * `cd <dir> && apply_patch <<…`) through the apply_patch tool, all-or-nothing, instead of running
 * it; returns undefined for any other command.
 */
export const applyPatchShellInterceptor: ShellInterceptor = createApplyPatchShellInterceptor();
