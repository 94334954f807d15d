import {
  defineTool,
  errorResult,
  type Tool,
  type ToolContext,
  type ToolResult,
  Type,
  textResult,
} from '@weft/agent-core';
import type { AffectedPaths, AppliedChange } from '../apply/applied-change.js';
import { commitErrorText, renderToolError, verificationErrorText } from '../messages/tool-error-text.js';
import { applyPatchInEnvironment } from './apply-patch-in-environment.js';
import { serialize } from './serialize.js';
import { APPLY_PATCH_DESCRIPTION } from './tool-description.js';

/** One file change as hosts see it in `details`. */
export interface ApplyPatchFileChange {
  kind: 'add' | 'delete' | 'update';
  /** The path as written in the patch. */
  path: string;
  absolutePath: string;
  /** For a moved file: the destination as written, and resolved. */
  movePath?: string;
  absoluteMovePath?: string;
  /** For an Add: whether it replaced an existing file. */
  overwritten?: boolean;
  /** A unified diff of the change (3 lines of context). */
  diff: string;
}

export interface ApplyPatchDetails {
  /** One entry per file operation, in patch order. Empty when the patch failed. */
  changes: ApplyPatchFileChange[];
  affected: AffectedPaths;
  /** Present when the patch failed. `phase` says whether anything was written ('commit') or not. */
  error?: { phase: 'verify' | 'commit' | 'aborted'; message: string; restored: boolean };
}

export interface ApplyPatchToolOptions {
  /** The tool's name. Default 'apply_patch'. */
  name?: string;
  /** Description for the model. Default: our explanation of the format. */
  description?: string;
  /**
   * Append what to do next to codex's error texts (after a blank line). Default true; turn off
   * for byte-identical codex output.
   */
  hints?: boolean;
}

const parameters = Type.Object(
  { input: Type.String({ description: 'The entire contents of the apply_patch command: the patch text.' }) },
  { additionalProperties: false },
);

export type ApplyPatchParameters = typeof parameters;

/**
 * Creates the apply_patch tool (the JSON variant, one `input` string). The patch is verified as
 * a whole before any file is written, so a failing patch changes nothing.
 */
export function createApplyPatchTool(
  options: ApplyPatchToolOptions = {},
): Tool<ApplyPatchParameters, ApplyPatchDetails> {
  return defineTool({
    name: options.name ?? 'apply_patch',
    description: options.description ?? APPLY_PATCH_DESCRIPTION,
    parameters,
    execute: (args, context) => runApplyPatch(args.input, context, { hints: options.hints ?? true }),
  });
}

/** The default apply_patch tool. */
export const applyPatchTool = createApplyPatchTool();

/**
 * Applies a patch through `context.env` and words the result for the model: codex's success
 * summary, or codex's error text plus a hint. Used by the tool and the shell interceptor.
 */
export async function runApplyPatch(
  patchText: string,
  context: ToolContext,
  options: { hints?: boolean; workdir?: string } = {},
): Promise<ToolResult<ApplyPatchDetails>> {
  const hints = options.hints ?? true;
  // Patches against the same environment run one at a time, so two calls never interleave writes.
  const outcome = await serialize(context.env, () =>
    applyPatchInEnvironment(patchText, context.env, { signal: context.signal, workdir: options.workdir }),
  );
  if (outcome.ok) {
    return textResult(outcome.summary, {
      changes: outcome.changes.map(toDetail),
      affected: outcome.affected,
    });
  }
  const empty: AffectedPaths = { added: [], modified: [], deleted: [] };
  if (outcome.phase === 'aborted') {
    const text = 'apply_patch was aborted before writing; no files were changed.';
    return errorResult(text, {
      changes: [],
      affected: empty,
      error: { phase: 'aborted', message: text, restored: true },
    });
  }
  const wording =
    outcome.phase === 'verify'
      ? verificationErrorText(outcome.error)
      : commitErrorText(outcome.error, outcome.restored);
  return errorResult(renderToolError(wording, hints), {
    changes: [],
    affected: empty,
    error: { phase: outcome.phase, message: wording.text, restored: outcome.restored },
  });
}

function toDetail(change: AppliedChange): ApplyPatchFileChange {
  const detail: ApplyPatchFileChange = {
    kind: change.kind,
    path: change.path,
    absolutePath: change.absolutePath,
    diff: change.diff,
  };
  if (change.kind === 'add') detail.overwritten = change.overwritten;
  if (change.kind === 'update' && change.movePath !== undefined) {
    detail.movePath = change.movePath;
    if (change.absoluteMovePath !== undefined) detail.absoluteMovePath = change.absoluteMovePath;
  }
  return detail;
}
