import type { SessionEvent, SessionState, SessionSummary, Turn } from '@weft/agent-core';
import type { ReasoningEffort, Usage } from '@weft/llm';
import type { InteractiveHost, SessionLike, Spend } from '../contract.js';

/** A session double: records what the interface asks of it; the test emits its events. */
export class FakeSession implements SessionLike {
  model = 'claude-sonnet-5-5';
  provider = 'anthropic';
  reasoningEffort: ReasoningEffort | undefined = undefined;
  readonly profile = { id: 'anthropic', capabilities: { contextWindow: 200_000 } };
  usage: Usage = { inputTokens: 0, outputTokens: 0, totalTokens: 0 };
  history: Turn[] = [];
  state: SessionState = 'IDLE';
  leafEntryId: string | null = null;
  readonly calls: string[] = [];
  private readonly listeners = new Set<(event: SessionEvent) => void>();
  private finishSubmit: (() => void) | undefined;

  constructor(readonly id = 'session-1') {}

  submit(input: string): Promise<{ stopReason: string }> {
    this.calls.push(`submit:${input}`);
    return new Promise((resolve) => {
      this.finishSubmit = () => resolve({ stopReason: 'completed' });
    });
  }

  steer(text: string): void {
    this.calls.push(`steer:${text}`);
  }

  followUp(input: string): void {
    this.calls.push(`followUp:${input}`);
  }

  async abort(): Promise<void> {
    this.calls.push('abort');
    this.finishSubmit?.();
  }

  async close(): Promise<void> {
    this.calls.push('close');
  }

  async compact(): Promise<{ ok: boolean; tokensBefore: number }> {
    this.calls.push('compact');
    return { ok: true, tokensBefore: 0 };
  }

  onAny(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: SessionEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  /** Ends the submit in progress as the session would: processing_end, then IDLE. */
  endInput(stopReason = 'completed'): void {
    this.emit({
      kind: 'processing_end',
      timestamp: '',
      sessionId: this.id,
      data: { state: 'IDLE', stopReason: stopReason as never, turns: 1, toolRounds: 0, usage: this.usage },
    });
    this.finishSubmit?.();
  }
}

/** A host double over fake sessions. */
export class FakeHost implements InteractiveHost {
  readonly workingDirectory = '/work/project';
  persistent = true;
  current: FakeSession;
  readonly calls: string[] = [];
  sessions: SessionSummary[] = [];
  private count = 1;

  constructor(first = new FakeSession()) {
    this.current = first;
  }

  async initialSession(): Promise<SessionLike> {
    return this.current;
  }

  private next(id = `session-${++this.count}`): FakeSession {
    this.current = new FakeSession(id);
    return this.current;
  }

  async newSession(): Promise<SessionLike> {
    this.calls.push('new');
    return this.next();
  }

  async resumeSession(id: string): Promise<SessionLike> {
    this.calls.push(`resume:${id}`);
    return this.next(id);
  }

  async forkSession(id: string, entryId?: string): Promise<SessionLike> {
    this.calls.push(`fork:${id}:${entryId ?? ''}`);
    return this.next();
  }

  async interrupt(session: SessionLike): Promise<SessionLike> {
    this.calls.push(`interrupt:${session.id}`);
    await session.abort();
    return this.next(session.id);
  }

  async listSessions(): Promise<readonly SessionSummary[]> {
    return this.sessions;
  }

  async setModel(spec: string): Promise<void> {
    this.calls.push(`model:${spec}`);
    const [provider, model] = spec.includes('/') ? spec.split('/') : [this.current.provider, spec];
    this.current.provider = provider!;
    this.current.model = model!;
  }

  async setEffort(effort: ReasoningEffort | null): Promise<void> {
    this.calls.push(`effort:${effort}`);
    this.current.reasoningEffort = effort ?? undefined;
  }

  spend(): Spend {
    return { tokens: 0, costUsd: 0, models: [] };
  }

  knownModels(): readonly string[] {
    return ['anthropic/claude-sonnet-5-5', 'openai/gpt-5.4'];
  }
}

export function summary(sessionId: string, firstPrompt: string, turns = 2): SessionSummary {
  return {
    sessionId,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:05:00.000Z',
    workingDirectory: '/work/project',
    firstPrompt,
    turns,
    model: 'claude-sonnet-5-5',
    costUsd: 0.5,
  };
}
