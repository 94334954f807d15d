// What `@weft/agent-core` will export once src/index.ts re-exports the session and the subagent
// module: the docs test runs docs/subagents.md against this source, built or not.
export * from '../index.js';
export * from '../session/session.js';
export * from './index.js';
