import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createTempDir } from '@weft/testkit';
import { describe, expect, it } from 'vitest';
import { crashEntry } from './entries.test-support.js';
import { JsonlSessionStore } from './jsonl-session-store.js';

const CHILD = fileURLToPath(new URL('./append-loop.test-support.ts', import.meta.url));
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const TRIALS = 24;
const PARALLEL = 4;

interface Trial {
  /** Entries the child reported as appended (their append resolved) before it died. */
  acknowledged: number;
  ready: boolean;
  delayMs: number;
}

/** Runs the appending child and SIGKILLs it `delayMs` after it is ready (or after spawn when `early`). */
function runAndKill(directory: string, delayMs: number, early: boolean): Promise<Trial> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', TSX, CHILD, directory, 's1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let timer: NodeJS.Timeout | undefined;
    const kill = () => child.kill('SIGKILL');
    if (early) timer = setTimeout(kill, delayMs);
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      stdout += text;
      if (!early && timer === undefined && stdout.startsWith('ready\n')) timer = setTimeout(kill, delayMs);
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr += text;
    });
    child.on('error', reject);
    child.on('close', (_code, signal) => {
      clearTimeout(timer);
      if (signal !== 'SIGKILL') return reject(new Error(`the child ended by itself: ${stderr}`));
      const lines = stdout.split('\n').filter((line) => line.length > 0);
      resolve({
        ready: lines[0] === 'ready',
        acknowledged: lines.filter((line) => /^\d+$/.test(line)).length,
        delayMs,
      });
    });
  });
}

describe('JsonlSessionStore under SIGKILL', () => {
  it(`loses at most the entry in flight: ${TRIALS} kills at random moments, each file loads as a prefix and resumes`, async () => {
    using dir = createTempDir('crash-');
    const summary: string[] = [];
    let torn = 0;
    for (let batch = 0; batch < TRIALS / PARALLEL; batch++) {
      await Promise.all(
        Array.from({ length: PARALLEL }, async (_, index) => {
          const number = batch * PARALLEL + index;
          const directory = dir.join(`trial-${number}`);
          // Every fourth trial is killed from spawn on, so some kills land while the header is written.
          const early = number % 4 === 3;
          const trial = await runAndKill(directory, Math.random() * (early ? 1500 : 150), early);
          const store = new JsonlSessionStore({ directory });
          const context = `trial ${number} (delay ${trial.delayMs.toFixed(0)} ms, ${trial.acknowledged} acknowledged)`;

          if (!existsSync(store.pathOf('s1'))) {
            // Killed before the header was in place: the session never existed.
            expect(trial.ready, context).toBe(false);
            return;
          }
          const loaded = await store.load('s1');
          const count = loaded.entries.length;
          expect(count, context).toBeGreaterThanOrEqual(trial.acknowledged);
          expect(count, context).toBeLessThanOrEqual(trial.acknowledged + 1);
          expect(loaded.entries, context).toEqual(Array.from({ length: count }, (_, n) => crashEntry(n)));
          expect(loaded.warnings.length, context).toBeLessThanOrEqual(1);
          torn += loaded.warnings.length;

          // A new process resumes where the file ends.
          await store.append('s1', crashEntry(count));
          const resumed = await store.load('s1');
          expect(resumed.entries, context).toEqual(
            Array.from({ length: count + 1 }, (_, n) => crashEntry(n)),
          );
          expect(resumed.warnings, context).toEqual([]);
          summary.push(`${number}:${trial.acknowledged}/${count}`);
        }),
      );
    }
    // Most trials got far enough to append; the test means nothing if none did.
    expect(summary.length).toBeGreaterThanOrEqual(TRIALS / 2);
    console.info(`crash trials (acknowledged/loaded): ${summary.join(' ')}; torn last lines: ${torn}`);
    // Dozens of child processes, each killed; with three CPU-bound processes beside the suite this took 43 s.
  }, 240_000);
});
