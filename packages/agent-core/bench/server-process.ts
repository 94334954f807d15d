import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ScriptedTurn } from '@weft/testkit';

/**
 * The fake model server in a child process (`weft-testkit serve`), answering with `turns` in a
 * loop. Out of process, the server's parsing of multi-megabyte requests and its garbage
 * collection do not land in the benchmark process's figures.
 */
export async function startServerProcess(
  turns: ScriptedTurn[],
): Promise<{ url: string; close(): Promise<void> }> {
  const folder = mkdtempSync(join(tmpdir(), 'weft-agent-bench-'));
  const script = join(folder, 'script.json');
  writeFileSync(script, JSON.stringify({ turns, loop: true, strict: false }));
  const require = createRequire(import.meta.url);
  const cli = join(dirname(require.resolve('@weft/testkit/package.json')), 'dist', 'cli', 'weft-testkit.js');
  const child = spawn(
    process.execPath,
    [cli, 'serve', '--port', '0', '--script', script, '--loose', '--loop'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const url = await listeningUrl(child);
  return {
    url,
    close: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

function listeningUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const match = /listening (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) =>
      reject(new Error(`weft-testkit serve exited (${code}) before listening: ${output}`)),
    );
  });
}
