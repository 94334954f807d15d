import type { ExecutionEnvironment } from '@weft/agent-core';
import { compileGlob } from '@weft/tools-search';

/**
 * The `.geminiignore` file in the working directory, as gemini-cli reads it: gitignore-style
 * patterns, one per line (`#` comments and blank lines skipped; `!` negations re-include). The
 * returned test takes a '/'-separated path relative to the working directory. No file: nothing
 * is ignored.
 */
export async function loadGeminiIgnore(
  env: ExecutionEnvironment,
): Promise<(relativePath: string) => boolean> {
  let text: string;
  try {
    text = Buffer.from(await env.readFile('.geminiignore')).toString('utf8');
  } catch {
    return () => false;
  }
  const rules = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !line.startsWith('#'))
    .map((line) => {
      const negate = line.startsWith('!');
      // "dist/" names a folder; matching the folder's own path hides everything below it too.
      const pattern = (negate ? line.slice(1) : line).replace(/\/+$/, '');
      return { negate, glob: compileGlob(pattern) };
    });
  return (relativePath) => {
    let ignored = false;
    // A pattern for a folder also hides everything below it.
    const candidates = ancestorsAndSelf(relativePath);
    for (const rule of rules) {
      if (candidates.some((candidate) => rule.glob.test(candidate))) ignored = !rule.negate;
    }
    return ignored;
  };
}

function ancestorsAndSelf(path: string): string[] {
  const parts = path.split('/');
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}
