import type { ServerResponse } from 'node:http';
import type { StreamPlan } from '../protocols/protocol.js';
import type { ScriptedTurn } from '../script/scripted-turn.js';

/**
 * Sends a streamed answer frame by frame, applying the turn's faults: a mid-stream error, a cut
 * connection, a malformed frame, delays and stalls, and writes split at arbitrary byte offsets.
 * Stops quietly when the client goes away.
 */
export async function writeStream(res: ServerResponse, plan: StreamPlan, turn: ScriptedTurn): Promise<void> {
  const faults = turn.faults ?? {};
  let frames = [...plan.frames];
  let ending: 'complete' | 'end' | 'reset' = 'complete';
  if (turn.streamError) {
    frames = frames.slice(0, turn.streamError.afterFrames ?? 1);
    frames.push(...plan.errorFrames(turn.streamError.kind, turn.streamError.message));
    ending = 'end';
  } else if (faults.cut) {
    frames = frames.slice(0, faults.cut.afterFrames);
    ending = faults.cut.mode ?? 'reset';
  }
  if (faults.malformed) {
    const at = Math.min(Math.max(0, faults.malformed.beforeFrame), frames.length);
    frames.splice(at, 0, plan.malformedFrame(faults.malformed.text));
  }

  let gone = false;
  const wakers = new Set<() => void>();
  res.on('close', () => {
    gone = true;
    for (const wake of wakers) wake();
  });
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0 || gone) return resolve();
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakers.add(done);
    });

  res.socket?.setNoDelay(true);
  res.writeHead(200, plan.headers);
  res.flushHeaders();

  const cuts = splitOffsets(faults.split, frames);
  let offset = 0;
  for (const [index, frame] of frames.entries()) {
    if (gone) return;
    const delay =
      (index > 0 ? (faults.frameDelayMs ?? 0) : 0) +
      (faults.stall?.afterFrames === index ? faults.stall.ms : 0);
    await sleep(delay);
    const bytes = Buffer.from(frame, 'utf8');
    let start = 0;
    while (cuts.length > 0 && (cuts[0] ?? Number.POSITIVE_INFINITY) < offset + bytes.length) {
      const cut = (cuts.shift() ?? 0) - offset;
      if (cut <= start) continue;
      if (!(await write(res, bytes.subarray(start, cut)))) return;
      start = cut;
      await tick();
    }
    if (!(await write(res, bytes.subarray(start)))) return;
    offset += bytes.length;
    if (cuts.length > 0) await tick();
  }
  if (gone) return;
  if (ending === 'reset') res.socket?.destroy();
  else res.end();
}

/** Absolute byte offsets at which to break the body into separate writes, ascending. */
function splitOffsets(
  split: NonNullable<ScriptedTurn['faults']>['split'],
  frames: readonly string[],
): number[] {
  if (!split) return [];
  if ('offsets' in split) return [...split.offsets].filter((o) => o > 0).sort((a, b) => a - b);
  const total = frames.reduce((sum, frame) => sum + Buffer.byteLength(frame, 'utf8'), 0);
  const every = Math.max(1, Math.floor(split.every));
  const offsets: number[] = [];
  for (let o = every; o < total; o += every) offsets.push(o);
  return offsets;
}

function write(res: ServerResponse, chunk: Uint8Array): Promise<boolean> {
  if (chunk.length === 0) return Promise.resolve(true);
  return new Promise((resolve) => {
    res.write(chunk, (error) => resolve(!error));
  });
}

/** Lets the event loop hand each piece to the socket before the next is written. */
function tick(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
