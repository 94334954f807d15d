/**
 * The child process of the crash-safety test: creates a session, then appends crashEntry(0),
 * crashEntry(1), ... forever, printing each entry's number once its append has resolved. The
 * parent kills it with SIGKILL at a random moment. Usage: append-loop.test-support.ts <dir> <id>
 */
import { crashEntry, header } from './entries.test-support.js';
import { JsonlSessionStore } from './jsonl-session-store.js';

const [directory, sessionId] = process.argv.slice(2);
if (!directory || !sessionId) throw new Error('usage: append-loop.test-support.ts <directory> <sessionId>');
const store = new JsonlSessionStore({ directory });
await store.create(header(sessionId));
// Writes to a pipe are synchronous on Linux: a number printed is a number the parent gets.
process.stdout.write('ready\n');
for (let n = 0; ; n++) {
  await store.append(sessionId, crashEntry(n));
  process.stdout.write(`${n}\n`);
}
