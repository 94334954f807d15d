import type { ScriptedTurn } from '../script/scripted-turn.js';
import { compileMatcher, type MatcherSpec, type RequestMatcher } from './matchers.js';
import type { RecordedRequest } from './recorded-request.js';

export type TurnResponder = ScriptedTurn | ((request: RecordedRequest) => ScriptedTurn);

interface Rule {
  matcher: RequestMatcher;
  respond: TurnResponder;
  /** How many more requests this rule answers (Infinity: every one). */
  remaining: number;
}

/**
 * Where each request's answer comes from: rules first (in the order they were added), then the
 * queue of turns in order. With `loop`, the queue starts over when it runs out (for benchmarks).
 */
export class TurnSource {
  private readonly queue: ScriptedTurn[] = [];
  private readonly rules: Rule[] = [];
  private played: ScriptedTurn[] = [];

  constructor(private readonly loop = false) {}

  enqueue(turns: readonly ScriptedTurn[]): void {
    this.queue.push(...turns);
  }

  addRule(
    matcher: RequestMatcher | MatcherSpec,
    respond: TurnResponder,
    times = Number.POSITIVE_INFINITY,
  ): void {
    this.rules.push({
      matcher: typeof matcher === 'function' ? matcher : compileMatcher(matcher),
      respond,
      remaining: times,
    });
  }

  /** Turns still queued (rules not counted). */
  get pending(): number {
    return this.queue.length;
  }

  next(request: RecordedRequest): ScriptedTurn | undefined {
    for (const rule of this.rules) {
      if (rule.remaining <= 0 || !rule.matcher(request)) continue;
      rule.remaining -= 1;
      return typeof rule.respond === 'function' ? rule.respond(request) : rule.respond;
    }
    let turn = this.queue.shift();
    if (turn === undefined && this.loop && this.played.length > 0) {
      this.queue.push(...this.played);
      this.played = [];
      turn = this.queue.shift();
    }
    if (turn !== undefined && this.loop) this.played.push(turn);
    return turn;
  }

  clear(): void {
    this.queue.length = 0;
    this.rules.length = 0;
    this.played = [];
  }
}
