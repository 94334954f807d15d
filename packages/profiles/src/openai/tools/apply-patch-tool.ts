import { defineTool, type Tool, Type } from '@weft/agent-core';
import { APPLY_PATCH_FREEFORM_DESCRIPTION, APPLY_PATCH_LARK_GRAMMAR } from '@weft/tools-patch';
import { applyPatchAsCodex } from '../apply-patch-result.js';

const parameters = Type.Object(
  { input: Type.String({ description: 'The whole patch, from "*** Begin Patch" to "*** End Patch".' }) },
  { additionalProperties: false },
);

export type ApplyPatchParameters = typeof parameters;

const DESCRIPTION = `Edits files with a patch. Put the whole patch in input:

*** Begin Patch
*** Add File: path/to/new.py
+every line of the new file, each starting with +
*** Update File: path/to/existing.py
*** Move to: path/to/renamed.py      (optional, right after Update File)
@@ def the_function():               (optional: a line just above the change, to place it)
 an unchanged line (a space first)
-a line to remove
+a line to add
*** Delete File: path/to/obsolete.py
*** End Patch

Rules:
- Paths are relative to the working directory; never absolute.
- In an update, give about three unchanged lines before and after each change, copied exactly from the file, so the change can be placed; add an @@ line naming the class or function when those lines are not unique.
- Several files, and several changes to one file, go in one patch, in file order.
- The patch is checked as a whole first: if any part does not fit the files, nothing is changed.`;

/**
 * codex's apply_patch as a JSON function tool (`{ input }`), which codex gives models without
 * custom-tool support (gpt-oss, and every model outside the GPT-5 family).
 */
export function createApplyPatchTool(): Tool<ApplyPatchParameters> {
  return defineTool({
    name: 'apply_patch',
    description: DESCRIPTION,
    parameters,
    execute: (args, context) => applyPatchAsCodex(args.input, context),
  });
}

/**
 * codex's apply_patch as it gives GPT-5-family models: a freeform (custom) tool whose input is
 * the raw patch, constrained by codex's Lark grammar, with a one-line description (the grammar
 * carries the format). Its `parameters` are the JSON variant's `{ input }`: what a provider
 * without custom tools is sent instead. Same result text as the JSON variant.
 */
export function createFreeformApplyPatchTool(): Tool<ApplyPatchParameters> {
  return defineTool({
    name: 'apply_patch',
    description: APPLY_PATCH_FREEFORM_DESCRIPTION,
    parameters,
    format: { type: 'grammar', syntax: 'lark', definition: APPLY_PATCH_LARK_GRAMMAR },
    execute: (args, context) => applyPatchAsCodex(args.input, context),
  });
}

/**
 * Whether codex gives `model` the freeform apply_patch: the GPT-5 family (`gpt-5`, `gpt-5.4`,
 * `gpt-5.1-codex`, `gpt-5-mini`, …; a provider prefix such as `openai/` is ignored), the models
 * that have custom tools. Every other model gets the JSON variant.
 */
export function usesFreeformApplyPatch(model: string): boolean {
  return /^gpt-5(?![0-9])/.test(model.replace(/^.*\//, '').toLowerCase());
}
