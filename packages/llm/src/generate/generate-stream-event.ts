import type { StreamEvent } from '../types/stream-event.js';
import type { StepResult } from './step-result.js';

/**
 * What the high-level `stream()` yields: each step's provider-neutral events, and after each
 * step a `step_finish` with that step's result (tool results included), so a consumer sees where
 * one model call ends and the next begins. (`step_finish` lives here rather than in StreamEvent
 * because only the high-level stream produces it.)
 */
export type GenerateStreamEvent = StreamEvent | { type: 'step_finish'; step: StepResult; stepIndex: number };
