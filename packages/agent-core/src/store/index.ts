/**
 * The JSONL session store and the functions that read sessions back: see docs/session-store.md.
 * The SessionStore contract itself is in session-store.ts.
 */
export { type ForkOptions, forkSession } from './fork-session.js';
export { branchTo, historyFromEntries, type RebuiltHistory } from './history-from-entries.js';
export { JsonlSessionStore, type JsonlSessionStoreOptions } from './jsonl-session-store.js';
export { isSessionStoreError, SessionStoreError, type SessionStoreErrorCode } from './session-store-error.js';
export { SUMMARY_INDEX_FILE } from './summary-index.js';
export { FIRST_PROMPT_MAX_CHARS } from './summary-scan.js';
