import { statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The permission tests drop their test process to an unprivileged user; that must not leak into
// other test files. vitest runs each file in its own child process: this file's process must
// still run as the user that started the run (the owner of the parent vitest process).
describe('test isolation', () => {
  it.runIf(process.platform === 'linux')(
    'runs each test file with the privileges the run started with',
    () => {
      const parentUid = statSync(`/proc/${process.ppid}`).uid;
      expect(process.getuid?.()).toBe(parentUid);
    },
  );
});
