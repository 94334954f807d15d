#!/usr/bin/env node
import { NodeFileAccess } from './node-file-access.js';
import { runApplyPatchCommand } from './run-command.js';

async function readStdin(): Promise<Uint8Array | undefined> {
  // With nothing piped in, codex would wait on the terminal; we print the usage instead.
  if (process.stdin.isTTY) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const exitCode = await runApplyPatchCommand({
  args: process.argv.slice(2),
  readStdin,
  files: new NodeFileAccess(process.cwd()),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
process.exitCode = exitCode;
