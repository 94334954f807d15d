#!/usr/bin/env node
// Fails (exit 1) when any workspace package breaks the dependency rules of DESIGN.md.
import { fileURLToPath } from 'node:url';
import { checkWorkspace } from '../src/check.mjs';

const root = process.argv[2] ?? fileURLToPath(new URL('../../..', import.meta.url));
const violations = checkWorkspace(root);
for (const v of violations) {
  console.error(`${v.file}${v.line ? `:${v.line}` : ''}: ${v.message}`);
}
if (violations.length > 0) {
  console.error(`\n${violations.length} dependency-rule violation(s).`);
  process.exit(1);
}
console.log('Dependency rules: all workspace packages comply.');
