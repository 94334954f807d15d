import { execFile } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** A TypeScript code block of a README. */
export interface ReadmeExample {
  /** 1-based position among the README's runnable blocks. */
  number: number;
  /** The line the block starts on. */
  line: number;
  code: string;
}

/**
 * The README's runnable examples: every ```ts or ```typescript block, except those whose info
 * string adds `fragment` (```ts fragment), which are excerpts that do not run on their own.
 */
export function readmeExamples(readme: string | URL): ReadmeExample[] {
  const text = readFileSync(readme, 'utf8');
  const examples: ReadmeExample[] = [];
  const fence = /^```(ts|typescript)([^\n]*)\n([\s\S]*?)^```/gm;
  for (const block of text.matchAll(fence)) {
    if (/\bfragment\b/.test(block[2] ?? '')) continue;
    const line = text.slice(0, block.index).split('\n').length;
    examples.push({ number: examples.length + 1, line, code: block[3] ?? '' });
  }
  return examples;
}

export interface ExampleRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs an example as an ES module from inside the package folder, so it imports the package by
 * its own name (Node's self-reference) and its dependencies as a user would. TypeScript is run
 * through tsx. The file is removed afterwards.
 */
export async function runReadmeExample(
  example: ReadmeExample,
  packageDir: string | URL,
  options: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<ExampleRun> {
  const dir = typeof packageDir === 'string' ? packageDir : fileURLToPath(packageDir);
  // In the package folder itself: Node resolves a package's own name only from files inside it
  // and outside node_modules. The root .gitignore ignores these files should a run be killed.
  const file = join(dir, `.readme-example-${example.number}-${process.pid}.mts`);
  writeFileSync(file, example.code);
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  try {
    return await new Promise((resolve) => {
      execFile(
        process.execPath,
        ['--import', tsx, file],
        { cwd: dir, timeout: options.timeoutMs ?? 30_000, env: { ...process.env, ...options.env } },
        (error, stdout, stderr) => {
          const code = error && typeof error.code === 'number' ? error.code : error ? null : 0;
          resolve({ exitCode: code, stdout, stderr });
        },
      );
    });
  } finally {
    rmSync(file, { force: true });
  }
}
