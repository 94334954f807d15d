// What `@weft/agent-core` will export once src/index.ts re-exports the session: the docs test
// runs docs/session.md against this source, built or not.
export * from '../index.js';
export * from './ends-with-question.js';
export * from './session.js';
export * from './session-errors.js';
