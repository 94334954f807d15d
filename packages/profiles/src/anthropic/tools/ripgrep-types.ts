import { type ExecutionEnvironment, ToolError } from '@weft/agent-core';
import { defaultRgPath } from '@weft/tools-search';

const typeTables = new WeakMap<ExecutionEnvironment, Promise<Map<string, string[]>>>();

/**
 * The file globs of a ripgrep file type (`js`, `py`, `rust`, ...), from `rg --type-list` run in
 * the environment, so `Grep`'s `type` means exactly what `rg --type` means there. The table is
 * read once per environment. Without `rgPath`, the binary is `defaultRgPath()`, looked up only
 * then. Throws a ToolError in ripgrep's words for an unknown type.
 */
export async function ripgrepTypeGlobs(
  env: ExecutionEnvironment,
  type: string,
  rgPath?: string,
): Promise<string[]> {
  let table = typeTables.get(env);
  if (!table) {
    table = readTypeTable(env, rgPath);
    typeTables.set(env, table);
    // A failed read is not cached: the next call tries again.
    table.catch(() => typeTables.delete(env));
  }
  const globs = (await table).get(type);
  if (!globs) {
    throw new ToolError(
      `unrecognized file type: ${type}. Use a ripgrep type such as js, ts, py, rust, go or java, or filter with glob instead.`,
    );
  }
  return globs;
}

async function readTypeTable(
  env: ExecutionEnvironment,
  rgPath: string | undefined,
): Promise<Map<string, string[]>> {
  const binary = rgPath ?? (await defaultRgPath());
  const result = await env.execFile(binary, ['--no-config', '--type-list'], { timeoutMs: 10_000 });
  if (result.exitCode !== 0) {
    throw new ToolError(
      `Could not read ripgrep's file types: ${result.stderr.trim() || result.output.trim()}`,
    );
  }
  const table = new Map<string, string[]>();
  for (const line of result.stdout.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const globs = line
      .slice(colon + 1)
      .split(',')
      .map((glob) => glob.trim())
      .filter((glob) => glob.length > 0);
    table.set(line.slice(0, colon).trim(), globs);
  }
  return table;
}
