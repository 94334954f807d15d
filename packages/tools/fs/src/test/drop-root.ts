/**
 * Permission tests need a process that file modes apply to, and root ignores them. When the
 * tests run as root, this drops the test process (vitest runs each test file in its own child
 * process) to the unprivileged `nobody` user, so a mode-000 file really is unreadable.
 * Returns false when that is impossible (not root, yet no way to change user either).
 */
export function dropRootPrivileges(): boolean {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return true;
  if (typeof process.setuid !== 'function' || typeof process.setgid !== 'function') return false;
  process.setgroups?.([]);
  process.setgid(65534);
  process.setuid(65534);
  return process.getuid() === 65534;
}
