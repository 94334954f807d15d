/** The JSON variant's description (our own words), teaching the format to models that do not know it. */
export const APPLY_PATCH_DESCRIPTION = `Create, edit, move and delete files by sending a patch in the apply_patch format as the "input" parameter.

The patch starts with the line "*** Begin Patch" and ends with the line "*** End Patch". Between them, one section per file:

*** Add File: <path>        creates the file (or replaces it); every following line starts with "+" and is a line of the new file.
*** Delete File: <path>     deletes the file.
*** Update File: <path>     changes the file; may be followed by "*** Move to: <new path>" to rename it.

An Update section holds one or more chunks. A chunk starts with "@@", optionally followed by a space and one line copied from the file that comes before the change (a function or class header) to say where the change is. Then the chunk's lines, each starting with one character:
  " " (space)  an unchanged line, for context
  "-"          a line to remove
  "+"          a line to add
Show about 3 unchanged lines above and below each change, copied exactly from the file, so the change can be found. Chunks must follow the order of the file. End a chunk that changes the last lines of the file with the line "*** End of File".

Use paths relative to the working directory. If any part of the patch cannot be applied, nothing is changed and the error says why.

Example:
*** Begin Patch
*** Add File: docs/hello.txt
+Hello
*** Update File: src/app.py
@@ def main():
     args = parse()
-    run(args)
+    run(args, verbose=True)
     return 0
*** Delete File: old.txt
*** End Patch`;
