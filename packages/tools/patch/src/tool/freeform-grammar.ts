/**
 * The Lark grammar of the freeform (custom-tool) variant of apply_patch, as codex sends it to
 * GPT-5-family models in `format: { type: 'grammar', syntax: 'lark', definition }`. A grammar is a
 * fact of the wire format the models were trained on, so it is reproduced exactly. The parser in
 * this package accepts everything it describes, and more (see the README's leniency list).
 */
export const APPLY_PATCH_LARK_GRAMMAR = `start: begin_patch hunk+ end_patch
begin_patch: "*** Begin Patch" LF
end_patch: "*** End Patch" LF?

hunk: add_hunk | delete_hunk | update_hunk
add_hunk: "*** Add File: " filename LF add_line+
delete_hunk: "*** Delete File: " filename LF
update_hunk: "*** Update File: " filename LF change_move? change?

filename: /(.+)/
add_line: "+" /(.*)/ LF -> line

change_move: "*** Move to: " filename LF
change: (change_context | change_line)+ eof_line?
change_context: ("@@" | "@@ " /(.+)/) LF
change_line: ("+" | "-" | " ") /(.*)/ LF
eof_line: "*** End of File" LF

%import common.LF
`;

/** A one-line description for the freeform variant (our words): the grammar carries the format. */
export const APPLY_PATCH_FREEFORM_DESCRIPTION =
  'Edits files with a patch in the apply_patch format. This is a freeform tool: send the raw patch text, not JSON.';
