// What `@weft/agent-core` will export once src/index.ts re-exports the context module: the docs
// test runs docs/context.md against this source, built or not.
export * from '../index.js';
export * from './index.js';
