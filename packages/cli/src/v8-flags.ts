import { setFlagsFromString } from 'node:v8';

/**
 * The V8 flags a run sets, before the command's code is compiled (the code cache is only taken
 * for the flags it was made with, see launcher/code-cache.ts).
 *
 * `--liftoff-only`: Node's own fetch (which the bundle's model calls no longer use, but which runs
 * with WEFT_NODE_FETCH=1 and for the rare call node-http-fetch hands to it) parses HTTP with a
 * WebAssembly module; V8 compiles its hot parser function again with its optimizing compiler in
 * a background thread, and exiting waits for that job (about 100 ms on our machines, longer than
 * the whole model call). The baseline compiler's code is quick enough for a model stream. Set
 * before the first fetch compiles the module.
 */
export function applyV8Flags(): void {
  setFlagsFromString('--liftoff-only');
}
