import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));

/** Runs one of these fixtures in a fresh Node process (TypeScript through tsx). */
export function fixtureCommand(
  name: string,
  args: readonly string[],
): { file: string; args: string[]; cwd: string } {
  return {
    file: process.execPath,
    args: ['--import', 'tsx', fileURLToPath(new URL(`./${name}`, import.meta.url)), ...args],
    cwd: packageRoot,
  };
}

/** Runs a fixture to completion and returns its stdout. */
export function runFixture(name: string, args: readonly string[], shellPrefix = ''): Promise<string> {
  const command = fixtureCommand(name, args);
  const quoted = [command.file, ...command.args].map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ');
  return new Promise((resolve, reject) => {
    execFile(
      '/bin/bash',
      ['-c', `${shellPrefix}${quoted}`],
      { cwd: command.cwd },
      (error, stdout, stderr) => {
        if (error && !stdout) reject(new Error(`${name} failed: ${stderr}`));
        else resolve(stdout);
      },
    );
  });
}
