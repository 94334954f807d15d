/**
 * Context accounting and compaction (seed 004 §6, loop spec §5.5): token estimates, the usage
 * warning, the compaction threshold, and compactHistory, which replaces the older part of a
 * history with a model-written summary. See docs/context.md.
 */
export { type CompactHistoryOptions, type CompactionResult, compactHistory } from './compact-history.js';
export { type CompactIfNeededOptions, compactIfNeeded, isContextOverflow } from './compact-if-needed.js';
export { compactionEntryFor } from './compaction-entry.js';
export { CompactionError, type CompactionErrorCode, isCompactionError } from './compaction-error.js';
export { CompactionLock } from './compaction-lock.js';
export { findCutPoint } from './cut-point.js';
export { estimateTokens, IMAGE_TOKENS } from './estimate-tokens.js';
export {
  DEFAULT_FILE_OPERATION_TOOLS,
  extractFileOperations,
  type FileOperationRule,
  type FileOperations,
  type FileOperationTools,
  mergeFileOperations,
  patchPaths,
} from './file-operations.js';
export {
  type ContextUsage,
  type ContextUsageOptions,
  contextUsage,
  contextWarningMessage,
  estimateHistoryTokens,
  estimateTurnTokens,
} from './history-tokens.js';
export { effectiveKeepRecentTokens, shouldCompact } from './should-compact.js';
export { SUMMARY_SECTIONS, SUMMARY_SYSTEM_PROMPT } from './summary-prompt.js';
export { summaryTurnMessage, summaryTurnText } from './summary-text.js';
export {
  FALLBACK_TRANSCRIPT_LIMITS,
  serializeTurns,
  TRANSCRIPT_LIMITS,
  type TranscriptLimits,
} from './transcript.js';
