import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { ScriptedTurn } from '@weft/testkit';
import type { ServerUrls } from '../src/parity/providers.test-support.js';

/**
 * The fake model server in a child process (`weft-testkit serve`), answering every request with
 * `turn`. Out of process, the server's own encoding and garbage collection do not count in the
 * benchmark process's CPU time, which then measures the client side alone.
 */
export interface ServerProcess extends ServerUrls {
  close(): Promise<void>;
}

export async function startServerProcess(turn: ScriptedTurn): Promise<ServerProcess> {
  const folder = mkdtempSync(join(tmpdir(), 'weft-llm-bench-'));
  const script = join(folder, 'script.json');
  writeFileSync(script, JSON.stringify({ turns: [turn], loop: true, strict: false }));
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
    baseUrls: { anthropic: url, openai: `${url}/v1`, gemini: url },
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
