/** A script that cannot be played as written (chunks that do not join up, no turn left, ...). */
export class ScriptError extends Error {
  override readonly name = 'ScriptError';
}
