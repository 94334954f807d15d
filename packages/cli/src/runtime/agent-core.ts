// The one place the CLI takes @weft/agent-core's session machinery from. Its entry does not export
// Session, the JSONL store and the history rebuild yet (the lead wires those exports); until it
// does, they come from the package's source through the `paths` mapping in tsconfig.json (which the
// bundler follows too) and the alias in vitest.config.ts. Once the entry exports them, these lines
// import from '@weft/agent-core' and the mapping goes.
export { type ResumeOptions, Session } from '@weft/agent-core/session/session.js';
export type { SessionOptions } from '@weft/agent-core/session/session-options.js';
export type { SubmitResult } from '@weft/agent-core/session/submit-result.js';
export { historyFromEntries, JsonlSessionStore } from '@weft/agent-core/store/index.js';
