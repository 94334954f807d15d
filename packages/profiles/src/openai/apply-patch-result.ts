import { posix } from 'node:path';
import { errorResult, resultText, type ToolContext, type ToolResult, textResult } from '@weft/agent-core';
import { IMPLICIT_INVOCATION_MESSAGE, parseApplyPatchInvocation, runApplyPatch } from '@weft/tools-patch';
import { formatExecOutput } from './exec-output.js';

/**
 * Applies a patch the way codex's apply_patch handler does (all or nothing) and words the
 * outcome as codex does: a success in the exec wrapper (`Exit code: 0`, wall time, `Output:`,
 * then the A/M/D summary), a failure as codex's error text (plus our hint on what to do next).
 */
export async function applyPatchAsCodex(
  patch: string,
  context: ToolContext,
  workdir?: string,
): Promise<ToolResult> {
  const started = performance.now();
  const result = await runApplyPatch(patch, context, workdir === undefined ? {} : { workdir });
  if (result.isError) return result;
  const output = formatExecOutput({
    exitCode: 0,
    durationMs: performance.now() - started,
    output: resultText(result),
  });
  return textResult(output, result.details);
}

/**
 * codex routes `apply_patch <<'EOF' … EOF` (and `cd dir && apply_patch <<…`) sent through a
 * shell tool to apply_patch instead of running it; GPT-5 models without the apply_patch tool edit
 * files this way. Returns undefined for any other command. `workdir` is the shell call's own.
 */
export async function interceptApplyPatch(
  command: string,
  workdir: string | undefined,
  context: ToolContext,
): Promise<ToolResult | undefined> {
  const invocation = parseApplyPatchInvocation(command);
  if (invocation === undefined) return undefined;
  if (invocation.kind === 'implicit') {
    return errorResult(
      `${IMPLICIT_INVOCATION_MESSAGE}\n\nRun it as: apply_patch <<'EOF' followed by the patch and a line EOF.`,
    );
  }
  const dir =
    invocation.workdir === undefined
      ? workdir
      : workdir === undefined || posix.isAbsolute(invocation.workdir)
        ? invocation.workdir
        : posix.join(workdir, invocation.workdir);
  return applyPatchAsCodex(invocation.patch, context, dir);
}
