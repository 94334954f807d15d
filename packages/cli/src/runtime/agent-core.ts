// The session machinery the CLI runs on, from @weft/agent-core (one import point for the modes).
export {
  historyFromEntries,
  JsonlSessionStore,
  prefetchGitSnapshot,
  type ResumeOptions,
  Session,
  type SessionOptions,
  type SubmitResult,
} from '@weft/agent-core';
