import { randomUUID } from 'node:crypto';
import { addUsage, type Client, EMPTY_USAGE, type ReasoningEffort, type Usage } from '@weft/llm';
import { compactHistory } from '../context/compact-history.js';
import { compactionEntryFor } from '../context/compaction-entry.js';
import { CompactionLock } from '../context/compaction-lock.js';
import type { ExecutionEnvironment } from '../environment/execution-environment.js';
import { EventHub, type SessionEventListener } from '../events/event-hub.js';
import type {
  SessionEvent,
  SessionEventData,
  SessionEventKind,
  StopReason,
} from '../events/session-event.js';
import type { Turn } from '../history/turn.js';
import type { SessionHooks } from '../hooks/hook-points.js';
import type { CompactionReason, LoopHost } from '../loop/loop-host.js';
import type { StopOutcome } from '../loop/model-call.js';
import { type ModelSelection, RequestBuilder } from '../loop/request-builder.js';
import { type InputTotals, runInput } from '../loop/run-input.js';
import type { ProviderProfile } from '../profile/provider-profile.js';
import { type GitSnapshot, takeGitSnapshot } from '../prompt/git-snapshot.js';
import { forkSession } from '../store/fork-session.js';
import { historyFromEntries } from '../store/history-from-entries.js';
import { type LoadedSession, SESSION_FORMAT_VERSION, type SessionStore } from '../store/session-store.js';
import { defaultSessionTools } from '../subagents/default-session-tools.js';
import type { Tool, ToolContent } from '../tools/tool.js';
import { ToolRegistry } from '../tools/tool-registry.js';
import { resolveSessionConfig, type SessionConfig } from './session-config.js';
import { SessionBusyError, SessionClosedError } from './session-errors.js';
import type { SessionOptions } from './session-options.js';
import { SessionRecorder } from './session-recorder.js';
import type { SessionState } from './session-state.js';
import type { SubmitResult } from './submit-result.js';

/** What a compaction came to, as its compaction_end event reports it. */
export type CompactionOutcome = SessionEventData['compaction_end'];

/** Options of `Session.resume` and `Session.fork`: a new session's, without what the store supplies. */
export type ResumeOptions = Omit<SessionOptions, 'store' | 'history' | 'model' | 'provider'>;

/** How resume and fork start a session whose file exists (not part of the public options). */
interface StoredStart {
  leafEntryId: string | null;
  reasoningEffort?: ReasoningEffort | null;
  /** What loading the file reported (a torn last line, for example). */
  warnings?: readonly string[];
}

interface ChildLink {
  session: Session;
  unsubscribe: () => void;
}

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
}

/**
 * A coding-agent session (loop spec §2): a history of turns, a model behind a provider profile,
 * tools that run in an execution environment, and the loop that ties them together. The host
 * drives it (`submit`, `steer`, `followUp`, `abort`, `close`, model and effort changes) and
 * watches it through events (`events()`, `on()`). See docs/session.md.
 */
export class Session {
  readonly id: string;
  readonly env: ExecutionEnvironment;
  readonly client: Client;
  readonly config: SessionConfig;
  /** 0 for a top-level session; a subagent's is its parent's + 1. */
  readonly depth: number;
  readonly parent: Session | undefined;

  private readonly hub: EventHub;
  private readonly recorder: SessionRecorder;
  private readonly store: SessionStore | undefined;
  private readonly hooks: SessionHooks;
  private readonly instructions: string | undefined;
  private readonly options: SessionOptions;
  private readonly stored: StoredStart | undefined;
  private readonly customTools = new Map<string, Tool>();
  private readonly sessionTools: Tool[];
  private registry: ToolRegistry;
  /** The profile's tools the registry was built from, to tell whether a model change changed them. */
  private profileTools: readonly Tool[] = [];
  private selection: ModelSelection;
  private stateValue: SessionState = 'IDLE';
  private readonly steeringQueue: string[] = [];
  private readonly followUpQueue: ToolContent[][] = [];
  private readonly childLinks = new Map<string, ChildLink>();
  private readonly abortController = new AbortController();
  private roundInterrupt: AbortController | undefined;
  private readonly builder: RequestBuilder;
  private readonly compactionLock = new CompactionLock();
  private readonly loopHost: LoopHost;
  private usageTotal: Usage = EMPTY_USAGE;
  private submitUsage: Usage = EMPTY_USAGE;
  private lastFixedTokens = 0;
  private gitSnapshot: GitSnapshot | undefined;
  private startup: Promise<void> | undefined;
  private processing: Promise<SubmitResult> | undefined;
  private idleCompaction: Promise<CompactionOutcome> | undefined;
  private pendingCompaction: Deferred<CompactionOutcome> | undefined;
  private closing: Promise<void> | undefined;
  private agentIdValue: string | undefined;
  private autoCompactionFailedAt: Turn | undefined;

  constructor(options: SessionOptions, stored?: StoredStart) {
    this.options = options;
    this.stored = stored;
    this.id = options.sessionId ?? randomUUID();
    this.env = options.env;
    this.client = options.client;
    this.config = resolveSessionConfig(options.config);
    this.depth = options.depth ?? 0;
    this.parent = options.parent;
    this.store = options.store;
    this.hooks = options.hooks ?? {};
    this.instructions = options.instructions;
    const effort =
      stored?.reasoningEffort === undefined ? this.config.reasoningEffort : stored.reasoningEffort;
    this.selection = {
      profile: options.profile,
      provider: options.provider ?? options.profile.provider,
      model: options.model ?? options.profile.model,
      reasoningEffort: effort ?? undefined,
    };
    this.hub = new EventHub(this.id, (error, event) => {
      if (event.kind === 'warning') return;
      const reason = error instanceof Error ? error.message : String(error);
      this.hub.emit('warning', {
        code: 'listener_failed',
        message: `A ${event.kind} listener threw: ${reason}`,
      });
    });
    this.recorder = new SessionRecorder(
      this.store,
      this.id,
      options.history ?? [],
      stored?.leafEntryId ?? null,
    );
    this.builder = new RequestBuilder((message) =>
      this.hub.emit('warning', { code: 'project_docs', message }),
    );
    for (const tool of options.tools ?? []) this.customTools.set(tool.name, tool);
    // Children inherit what is not on the public API: hooks (permissions hold for them too),
    // the retry policy and call timeouts.
    this.sessionTools =
      this.depth < this.config.maxSubagentDepth
        ? defaultSessionTools(this, {
            hooks: this.hooks,
            ...(options.retry ? { retry: options.retry } : {}),
            ...(options.callOptions ? { callOptions: options.callOptions } : {}),
          })
        : [];
    this.registry = this.buildRegistry();
    this.loopHost = this.createLoopHost();
  }

  /** Continues a stored session from its last entry, with the model and effort it last used. */
  static async resume(store: SessionStore, sessionId: string, options: ResumeOptions): Promise<Session> {
    return Session.fromStored(store, await store.load(sessionId), options);
  }

  /**
   * A new session that continues a stored one from any of its entries: the store's `forkSession`
   * writes a new file (its header names where it came from) holding the branch up to `entryId`,
   * so the fork stands alone and the original is never written; the session continues from there
   * under `options.sessionId` (default: a random UUID).
   */
  static async fork(
    store: SessionStore,
    sessionId: string,
    entryId: string,
    options: ResumeOptions,
  ): Promise<Session> {
    const forkId = options.sessionId ?? randomUUID();
    const loaded = await forkSession(store, sessionId, entryId, forkId);
    return Session.fromStored(store, loaded, { ...options, sessionId: forkId });
  }

  private static fromStored(store: SessionStore, loaded: LoadedSession, options: ResumeOptions): Session {
    const rebuilt = historyFromEntries(loaded.entries);
    const warnings = [...loaded.warnings];
    if (rebuilt.model && rebuilt.model.profile !== options.profile.id) {
      warnings.push(
        `The session last used profile "${rebuilt.model.profile}"; it continues with "${options.profile.id}".`,
      );
    }
    return new Session(
      {
        ...options,
        store,
        sessionId: loaded.header.sessionId,
        history: rebuilt.turns,
        model: rebuilt.model?.model ?? loaded.header.model,
        provider: rebuilt.model?.provider ?? loaded.header.provider,
      },
      {
        leafEntryId: rebuilt.leafEntryId ?? null,
        ...(rebuilt.reasoningEffort === undefined ? {} : { reasoningEffort: rebuilt.reasoningEffort }),
        warnings,
      },
    );
  }

  get state(): SessionState {
    return this.stateValue;
  }

  /** The turns so far, oldest first. Turns are never changed once added. */
  get history(): readonly Turn[] {
    return this.recorder.history;
  }

  /** Tokens used by every model response of the session, added up. */
  get usage(): Usage {
    return this.usageTotal;
  }

  get profile(): ProviderProfile {
    return this.selection.profile;
  }

  /** The model of the next call. */
  get model(): string {
    return this.selection.model;
  }

  /** The @weft/llm provider of the next call. */
  get provider(): string {
    return this.selection.provider;
  }

  get reasoningEffort(): ReasoningEffort | undefined {
    return this.selection.reasoningEffort;
  }

  /** The tools the model is offered: the profile's, the session's own, and the host's, latest registration winning. */
  get tools(): ToolRegistry {
    return this.registry;
  }

  /** The id the parent gave this session when it registered it as a subagent. */
  get agentId(): string | undefined {
    return this.agentIdValue;
  }

  /** The subagents registered and still open, by the id their parent gave them. */
  get children(): ReadonlyMap<string, Session> {
    return new Map([...this.childLinks].map(([id, link]) => [id, link.session]));
  }

  /** The id of the last store entry written (where a fork from "now" would attach). */
  get leafEntryId(): string | null {
    return this.recorder.leafEntryId;
  }

  /**
   * Starts the session: emits session_start, writes the store header, takes the git snapshot.
   * Called by the first submit (or any other call) when the host has not; idempotent.
   */
  start(): Promise<void> {
    if (!this.startup) {
      this.startup = this.begin();
      // Whoever awaits the start sees its failure; an unawaited start must not crash the process.
      this.startup.catch(() => {});
    }
    return this.startup;
  }

  /**
   * Processes `input` and then any follow-ups queued behind it, and resolves with how that went.
   * Processing errors do not reject: they end the input with an `error` stop reason (and an error
   * event). Rejects with SessionClosedError on a closed session, and with SessionBusyError while
   * another input is being processed (two inputs never run at once: use followUp or steer).
   */
  submit(input: string | readonly ToolContent[]): Promise<SubmitResult> {
    if (this.isClosed) return Promise.reject(new SessionClosedError(this.id, 'submit()'));
    if (this.processing) return Promise.reject(new SessionBusyError(this.id));
    let content: ToolContent[];
    try {
      content = toContent(input, 'submit()');
    } catch (error) {
      return Promise.reject(error);
    }
    void this.start();
    const run = this.process(content);
    this.processing = run;
    void run.then(() => {
      if (this.processing === run) this.processing = undefined;
    });
    return run;
  }

  /**
   * Queues a message for the model, injected as soon as the current tool finishes (calls of the
   * round not started yet are skipped and answered "Skipped due to queued user message"), or
   * before the next model call. While idle it is delivered with the next submit. With
   * `interrupt`, running tools are aborted too (their signal fires), so a long command stops now.
   */
  steer(text: string, options: { interrupt?: boolean } = {}): void {
    if (this.isClosed) throw new SessionClosedError(this.id, 'steer()');
    if (text.trim() === '') throw new TypeError('steer() needs a non-empty message.');
    this.steeringQueue.push(text);
    if (options.interrupt) this.roundInterrupt?.abort();
  }

  /**
   * Queues an input processed after the current one completes, in order, by the same submit.
   * While idle it waits for the next submit and runs after that input.
   */
  followUp(input: string | readonly ToolContent[]): void {
    if (this.isClosed) throw new SessionClosedError(this.id, 'followUp()');
    this.followUpQueue.push(toContent(input, 'followUp()'));
  }

  /**
   * Stops everything and closes the session, in the spec's shutdown order: the model stream is
   * cancelled, running commands are killed through their tools' abort signal, what already ran is
   * recorded and written, subagents are closed, then state_change (CLOSED) and session_end, the
   * last event. Idempotent; resolves once session_end has been emitted.
   */
  abort(): Promise<void> {
    return this.shutdown('aborted');
  }

  /** Closes the session (aborting the input being processed, if any), in the same order as abort. */
  close(): Promise<void> {
    return this.shutdown('closed');
  }

  /**
   * Changes the model (and, with them, the provider and profile) of the next model calls. A
   * switch across providers is safe: @weft/llm repairs the history for the new target. Written to
   * the store (model_change) before the model_change event.
   */
  async setModel(
    model: string,
    options: { provider?: string; profile?: ProviderProfile } = {},
  ): Promise<void> {
    if (this.isClosed) throw new SessionClosedError(this.id, 'setModel()');
    void this.start();
    const profile = options.profile ?? this.selection.profile;
    const provider = options.provider ?? options.profile?.provider ?? this.selection.provider;
    this.selection = { ...this.selection, profile, provider, model };
    // A profile may offer another model its own variant of a tool (freeform apply_patch for GPT-5).
    if (options.profile || profile.tools({ model, provider }) !== this.profileTools) {
      this.registry = this.buildRegistry();
    }
    await this.recorder.appendEntry((parentId) => ({
      type: 'model_change',
      id: randomUUID(),
      parentId,
      timestamp: new Date().toISOString(),
      provider,
      model,
      profile: profile.id,
    }));
    this.hub.emit('model_change', { provider, model, profile: profile.id });
  }

  /** Changes the reasoning effort of the next model calls (null: the provider's default). */
  async setReasoningEffort(effort: ReasoningEffort | null): Promise<void> {
    if (this.isClosed) throw new SessionClosedError(this.id, 'setReasoningEffort()');
    void this.start();
    this.selection = { ...this.selection, reasoningEffort: effort ?? undefined };
    await this.recorder.appendEntry((parentId) => ({
      type: 'effort_change',
      id: randomUUID(),
      parentId,
      timestamp: new Date().toISOString(),
      reasoningEffort: effort,
    }));
    this.hub.emit('effort_change', { reasoningEffort: effort });
  }

  /**
   * Compacts the history now (seed 004 §6): the older part is replaced by a model-written summary.
   * While an input is being processed the compaction runs before the loop's next model call. A
   * submit made during an idle compaction waits for it. Never rejects for a failed compaction:
   * the outcome says what happened, and the history is unchanged when it failed.
   */
  compact(): Promise<CompactionOutcome> {
    if (this.isClosed) return Promise.reject(new SessionClosedError(this.id, 'compact()'));
    void this.start();
    if (this.processing) {
      if (!this.pendingCompaction) {
        let resolve!: (value: CompactionOutcome) => void;
        const promise = new Promise<CompactionOutcome>((done) => {
          resolve = done;
        });
        this.pendingCompaction = { promise, resolve };
      }
      return this.pendingCompaction.promise;
    }
    if (!this.idleCompaction) {
      const run = (async () => {
        await this.startup;
        return this.runCompaction('manual');
      })();
      this.idleCompaction = run;
      void run.then(() => {
        if (this.idleCompaction === run) this.idleCompaction = undefined;
      });
    }
    return this.idleCompaction;
  }

  /** Every event from now until session_end, in order; a slow reader loses nothing. */
  events(): AsyncIterableIterator<SessionEvent> {
    return this.hub.subscribe();
  }

  /** Calls `listener` for each event of `kind`; returns the function that unsubscribes it. */
  on<K extends SessionEventKind>(kind: K, listener: SessionEventListener<K>): () => void {
    return this.hub.on(kind, listener);
  }

  /** Calls `listener` for every event; returns the function that unsubscribes it. */
  onAny(listener: SessionEventListener): () => void {
    return this.hub.onAny(listener);
  }

  /** Adds a tool (or replaces the one with its name); it stays across profile changes. */
  registerTool(tool: Tool): void {
    this.customTools.delete(tool.name);
    this.customTools.set(tool.name, tool);
    this.registry.register(tool);
  }

  /** Removes a tool the host registered, bringing back the profile's tool of that name, if any. */
  unregisterTool(name: string): boolean {
    const removed = this.customTools.delete(name);
    if (removed) this.registry = this.buildRegistry();
    return removed;
  }

  /**
   * Adopts `child` as a subagent: its events are relayed on this session's stream tagged with
   * `agentId` (as long as it is open), and it is closed before this session's session_end.
   */
  registerChild(child: Session, agentId: string): void {
    if (this.isClosed) throw new SessionClosedError(this.id, 'registerChild()');
    if (this.childLinks.has(agentId))
      throw new Error(`A subagent with id "${agentId}" is already registered.`);
    child.agentIdValue = agentId;
    const unsubscribe = child.hub.onAny((event) => {
      this.hub.relay(event, agentId);
      if (event.kind === 'session_end') {
        unsubscribe();
        this.childLinks.delete(agentId);
      }
    });
    this.childLinks.set(agentId, { session: child, unsubscribe });
  }

  private get isClosed(): boolean {
    return this.stateValue === 'CLOSED' || this.closing !== undefined;
  }

  private async begin(): Promise<void> {
    const { profile, provider, model } = this.selection;
    this.hub.emit('session_start', {
      profile: profile.id,
      provider,
      model,
      workingDirectory: this.env.workingDirectory,
      resumed: this.stored !== undefined,
    });
    for (const message of this.stored?.warnings ?? []) this.hub.emit('warning', { code: 'store', message });
    const writes = this.stored ? Promise.resolve() : this.writeInitialEntries();
    const snapshot = takeGitSnapshot(this.env, { signal: this.abortController.signal }).then((value) => {
      this.gitSnapshot = value;
    });
    await Promise.all([writes, snapshot]);
  }

  /** A new session's file: the header, then the initial history given, if any. */
  private async writeInitialEntries(): Promise<void> {
    if (!this.store) return;
    const { profile, provider, model } = this.selection;
    const header = this.recorder.createHeader({
      type: 'header',
      version: SESSION_FORMAT_VERSION,
      sessionId: this.id,
      createdAt: new Date().toISOString(),
      workingDirectory: this.env.workingDirectory,
      profile: profile.id,
      provider,
      model,
    });
    const entries = this.recorder.history.map((turn) =>
      this.recorder.appendEntry((parentId) => ({
        type: 'turn',
        id: turn.id,
        parentId,
        timestamp: turn.timestamp,
        turn,
      })),
    );
    await Promise.all([header, ...entries]);
  }

  private async process(first: ToolContent[]): Promise<SubmitResult> {
    this.setState('PROCESSING');
    this.submitUsage = EMPTY_USAGE;
    const totals: InputTotals = { turns: 0, toolRounds: 0, text: '' };
    let outcome: StopOutcome = { stopReason: 'completed' };
    try {
      await this.startup;
      await this.idleCompaction;
      let input: ToolContent[] | undefined = first;
      while (input) {
        outcome = await this.runGuarded(input, totals);
        // Follow-ups go on after an input that ended normally or hit its own round limit; after
        // an error, an abort or the session-wide limit they wait for the next submit.
        if (!CONTINUES_WITH_FOLLOW_UPS.has(outcome.stopReason)) break;
        input = this.followUpQueue.shift();
      }
    } catch (error) {
      outcome = this.internalFailure(error);
    }
    await this.runPendingCompaction();
    const closing = outcome.fatal === true || this.closing !== undefined;
    const state: SessionState = closing
      ? 'CLOSED'
      : outcome.stopReason === 'awaiting_input'
        ? 'AWAITING_INPUT'
        : 'IDLE';
    this.hub.emit('processing_end', {
      state,
      stopReason: outcome.stopReason,
      turns: totals.turns,
      toolRounds: totals.toolRounds,
      usage: this.submitUsage,
    });
    if (outcome.fatal) await this.shutdown('error', outcome.error?.message, true);
    else if (!closing) this.setState(state);
    return {
      stopReason: outcome.stopReason,
      state,
      turns: totals.turns,
      toolRounds: totals.toolRounds,
      usage: this.submitUsage,
      text: totals.text,
      ...(outcome.error ? { error: outcome.error } : {}),
    };
  }

  /** One input through the loop; a failure of the session itself (a store write) ends it with an error. */
  private async runGuarded(input: ToolContent[], totals: InputTotals): Promise<StopOutcome> {
    try {
      return await runInput(this.loopHost, input, totals);
    } catch (error) {
      if (this.abortController.signal.aborted) return { stopReason: 'aborted' };
      return this.internalFailure(error);
    }
  }

  private internalFailure(error: unknown): StopOutcome {
    const code = error instanceof Error ? error.name : 'Error';
    const message = error instanceof Error ? error.message : String(error);
    this.hub.emit('error', { code, message, retryable: false });
    return { stopReason: 'error', error: { code, message } };
  }

  private shutdown(reason: 'closed' | 'aborted' | 'error', error?: string, fromLoop = false): Promise<void> {
    if (this.closing) return this.closing;
    this.closing = (async () => {
      void this.start();
      // 1–4: cancel the model stream and kill running commands (tools get the abort signal).
      this.abortController.abort();
      this.roundInterrupt?.abort();
      this.pendingCompaction?.resolve({
        ok: false,
        tokensBefore: this.recorder.historyTokens,
        error: 'The session closed.',
      });
      this.pendingCompaction = undefined;
      // The loop winds down: what ran is recorded, processing_end is emitted.
      if (!fromLoop) await this.processing;
      await this.idleCompaction;
      await this.startup?.catch(() => {});
      // 5: every write flushed before the last events.
      await this.recorder.flush();
      // 7 (upstream order): subagents closed before this session's end.
      await Promise.all(
        [...this.childLinks.values()].map((link) =>
          reason === 'aborted' ? link.session.abort() : link.session.close(),
        ),
      );
      this.setState('CLOSED');
      this.hub.emit('session_end', { state: 'CLOSED', reason, ...(error === undefined ? {} : { error }) });
      this.hub.end();
    })();
    return this.closing;
  }

  private setState(to: SessionState): void {
    const from = this.stateValue;
    if (from === to) return;
    this.stateValue = to;
    this.hub.emit('state_change', { from, to });
  }

  private buildRegistry(): ToolRegistry {
    const { profile, model, provider } = this.selection;
    this.profileTools = profile.tools({ model, provider });
    return new ToolRegistry([...this.profileTools, ...this.sessionTools, ...this.customTools.values()]);
  }

  private async appendTurn(turn: Turn): Promise<void> {
    await this.recorder.appendTurn(turn);
    this.hub.emit('turn_appended', { turn });
  }

  private async runCompaction(reason: CompactionReason): Promise<CompactionOutcome> {
    const tokensBefore = this.recorder.historyTokens;
    this.hub.emit('compaction_start', { reason, tokensBefore });
    let outcome: CompactionOutcome;
    try {
      const { profile, provider, model } = this.selection;
      const providerOptions = profile.providerOptions?.();
      const result = await compactHistory({
        history: this.recorder.history,
        client: this.client,
        provider,
        model,
        config: this.config.compaction,
        signal: this.abortController.signal,
        lock: this.compactionLock,
        contextWindow: profile.capabilities.contextWindow,
        ...(this.options.retry ? { retry: this.options.retry } : {}),
        ...(providerOptions ? { providerOptions } : {}),
      });
      await this.recorder.replaceHistory(
        (parentId) => compactionEntryFor(result, { parentId }),
        result.history,
      );
      outcome = {
        ok: true,
        tokensBefore: result.tokensBefore,
        tokensAfter: result.tokensAfter,
        replacedTurns: result.replacedTurns,
      };
    } catch (error) {
      outcome = { ok: false, tokensBefore, error: error instanceof Error ? error.message : String(error) };
    }
    this.hub.emit('compaction_end', outcome);
    return outcome;
  }

  private async runPendingCompaction(): Promise<void> {
    const pending = this.pendingCompaction;
    if (!pending) return;
    this.pendingCompaction = undefined;
    pending.resolve(await this.runCompaction('manual'));
  }

  private createLoopHost(): LoopHost {
    return {
      config: this.config,
      client: this.client,
      emit: (kind, data) => {
        this.hub.emit(kind, data);
      },
      signal: this.abortController.signal,
      retry: this.options.retry ?? {},
      callOptions: this.options.callOptions ?? {},
      awaitsInput: this.options.awaitsInput,
      history: () => this.recorder.history,
      modelCalls: () => this.recorder.modelCalls,
      historyTokens: () => this.recorder.historyTokens,
      fixedTokens: () => this.lastFixedTokens,
      contextWindow: () => this.selection.profile.capabilities.contextWindow,
      parallelToolCalls: () => this.selection.profile.capabilities.parallelToolCalls,
      toolPipeline: () => ({
        registry: this.registry,
        env: this.env,
        hooks: this.hooks,
        sessionId: this.id,
        ...(this.agentIdValue === undefined ? {} : { agentId: this.agentIdValue }),
        commandTimeouts: {
          defaultMs: Math.min(
            this.selection.profile.defaultCommandTimeoutMs ?? this.config.defaultCommandTimeoutMs,
            this.config.maxCommandTimeoutMs,
          ),
          maxMs: this.config.maxCommandTimeoutMs,
        },
        truncation: {
          charLimits: {
            ...this.selection.profile.toolLimits?.toolOutputLimits,
            ...this.config.toolOutputLimits,
          },
          lineLimits: { ...this.selection.profile.toolLimits?.toolLineLimits, ...this.config.toolLineLimits },
          modes: {
            ...this.selection.profile.toolLimits?.toolTruncationModes,
            ...this.config.toolTruncationModes,
          },
        },
        emit: (kind, data) => {
          this.hub.emit(kind, data);
        },
      }),
      buildRequest: async () => {
        const built = await this.builder.build({
          selection: this.selection,
          env: this.env,
          registry: this.registry,
          history: this.recorder.history,
          gitSnapshot: this.gitSnapshot,
          instructions: this.instructions,
          now: new Date(),
        });
        this.lastFixedTokens = built.fixedTokens;
        return built;
      },
      appendTurn: (turn) => this.appendTurn(turn),
      appendUserInput: async (content) => {
        const turn: Turn = { type: 'user', id: randomUUID(), timestamp: new Date().toISOString(), content };
        await this.appendTurn(turn);
        this.hub.emit('user_input', {
          turnId: turn.id,
          text: content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n'),
          images: content.filter((part) => part.type === 'image').length,
        });
      },
      drainSteering: async () => {
        for (let text = this.steeringQueue.shift(); text !== undefined; text = this.steeringQueue.shift()) {
          const turn: Turn = {
            type: 'steering',
            id: randomUUID(),
            timestamp: new Date().toISOString(),
            content: text,
            source: 'host',
          };
          await this.appendTurn(turn);
          this.hub.emit('steering_injected', { turnId: turn.id, text, source: 'host' });
        }
      },
      steeringPending: () => this.steeringQueue.length > 0,
      beginToolRound: () => {
        this.roundInterrupt = new AbortController();
        return this.roundInterrupt.signal;
      },
      compact: async (reason) => {
        // After an automatic compaction failed, the next automatic one waits for new turns: the
        // same history would fail the same way (nothing to cut, or a summary that will not fit).
        const last = this.recorder.history.at(-1);
        if (reason === 'threshold' && last !== undefined && last === this.autoCompactionFailedAt)
          return false;
        const outcome = await this.runCompaction(reason);
        if (!outcome.ok && reason === 'threshold') this.autoCompactionFailedAt = last;
        return outcome.ok;
      },
      runPendingCompaction: () => this.runPendingCompaction(),
      addUsage: (usage) => {
        this.usageTotal = addUsage(this.usageTotal, usage);
        this.submitUsage = addUsage(this.submitUsage, usage);
      },
    };
  }
}

const CONTINUES_WITH_FOLLOW_UPS: ReadonlySet<StopReason> = new Set([
  'completed',
  'awaiting_input',
  'max_tool_rounds',
]);

function toContent(input: string | readonly ToolContent[], action: string): ToolContent[] {
  const content: ToolContent[] = typeof input === 'string' ? [{ type: 'text', text: input }] : [...input];
  const empty = content.every((part) => part.type === 'text' && part.text.trim() === '');
  if (empty) throw new TypeError(`${action} needs text or an image.`);
  return content;
}
