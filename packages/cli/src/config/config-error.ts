/**
 * A problem with how weft was asked to run (a flag, a settings file, a missing key or session):
 * reported as one line on stderr, exit code 2. The message says what to change.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
