import { randomUUID } from 'node:crypto';
import { detectLoop, loopWarning, recentCallSignatures } from '../history/loop-detection.js';
import type { LoopHost } from './loop-host.js';

/**
 * Loop detection after a tool round (loop spec §2.10, run after the steering drain): when the
 * last `loopDetectionWindow` calls repeat a pattern of 1–3 calls, the spec's warning goes into
 * history as a steering turn (so the model reads it as a user message) and `loop_detection` is
 * emitted. It fires again after every round that still ends the window in a loop.
 */
export async function detectLoops(host: LoopHost): Promise<void> {
  const { enableLoopDetection, loopDetectionWindow: window } = host.config;
  if (!enableLoopDetection || window <= 0) return;
  const pattern = detectLoop(recentCallSignatures(host.history(), window), window);
  if (!pattern) return;
  const message = loopWarning(window);
  const turn = {
    type: 'steering' as const,
    id: randomUUID(),
    timestamp: new Date().toISOString(),
    content: message,
    source: 'loop_detection' as const,
  };
  await host.appendTurn(turn);
  host.emit('steering_injected', { turnId: turn.id, text: message, source: 'loop_detection' });
  host.emit('loop_detection', { message, pattern: pattern.map((call) => call.name) });
}
