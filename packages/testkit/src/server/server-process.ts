import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScriptFile } from '../cli/script-file.js';
import { type BaseUrls, baseUrlsOf } from './fake-model-server.js';

export interface ServerProcessOptions {
  /** The turns, answered in order (and again from the first with `loop`). */
  turns: ScriptFile['turns'];
  /** Rules that answer matching requests before the turns. */
  rules?: ScriptFile['rules'];
  /** Answer the turns in a loop. Default false. */
  loop?: boolean;
  /** Validate requests against each provider's shape. Default true. */
  strict?: boolean;
}

export interface ServerProcess {
  url: string;
  baseUrls: BaseUrls;
  /** Stops the server process and removes its script. */
  close(): Promise<void>;
}

/**
 * The fake model server in a child process (`weft-testkit serve`), for benchmarks: out of
 * process, the server's parsing, encoding and garbage collection do not count in the measuring
 * process's time and memory. Needs the package built (it runs `dist/cli/weft-testkit.js`).
 */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const cli = serveCommand();
  const folder = mkdtempSync(join(tmpdir(), 'weft-testkit-serve-'));
  const script = join(folder, 'script.json');
  const file: ScriptFile = {
    turns: options.turns,
    rules: options.rules ?? [],
    loop: options.loop ?? false,
    strict: options.strict ?? true,
  };
  writeFileSync(script, JSON.stringify(file));
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--script', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const close = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    const url = await listeningUrl(child);
    return { url, baseUrls: baseUrlsOf(url), close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The built command, found from this module in the source tree or in the bundle. */
function serveCommand(): string {
  let folder = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(folder, 'package.json'))) {
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  const cli = join(folder, 'dist', 'cli', 'weft-testkit.js');
  if (!existsSync(cli)) throw new Error(`startServerProcess needs @weft/testkit built: ${cli} is missing`);
  return cli;
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
