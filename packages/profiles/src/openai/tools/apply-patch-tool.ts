import { defineTool, type Tool, Type } from '@weft/agent-core';
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
 * custom-tool support. codex gives GPT-5-family models a freeform (grammar) variant instead;
 * @weft/llm cannot send custom tools yet, so this profile sends this one to every model.
 */
export function createApplyPatchTool(): Tool<ApplyPatchParameters> {
  return defineTool({
    name: 'apply_patch',
    description: DESCRIPTION,
    parameters,
    execute: (args, context) => applyPatchAsCodex(args.input, context),
  });
}
