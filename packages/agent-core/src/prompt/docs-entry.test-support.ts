// What `@weft/agent-core` exports once src/index.ts re-exports the prompt and store modules. The
// docs tests run docs/system-prompt.md and docs/session-store.md against it, so the examples
// check this source, built or not.
export * from '../index.js';
export * from '../store/index.js';
export * from './index.js';
