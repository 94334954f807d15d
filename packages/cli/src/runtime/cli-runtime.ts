import type { SessionStore, SessionSummary } from '@weft/agent-core';
import { LocalExecutionEnvironment } from '@weft/env-local';
import { Client, getModelInfo, type ReasoningEffort } from '@weft/llm';
import type { WeftProfile } from '@weft/profiles';
import { ConfigError } from '../config/config-error.js';
import type { RunConfig } from '../config/run-config.js';
import { type ProfileName, REASONING_EFFORTS } from '../config/settings-schema.js';
import {
  historyFromEntries,
  JsonlSessionStore,
  prefetchGitSnapshot,
  type ResumeOptions,
  Session,
} from './agent-core.js';
import { CostTracker } from './cost-tracker.js';
import { createProfile, type ToolSelection } from './profiles.js';
import { NO_PROVIDER_MESSAGE, type ProviderEntry, providerTable, requireProvider } from './providers.js';
import { type ModelChoice, parseModelSpec, resolveModel } from './resolve-model.js';
import { type ListedSession, listSessions } from './session-listing.js';
import { locateSession } from './session-lookup.js';
import { SUBAGENT_TOOLS } from './tool-presets.js';

/** What the runtime runs with now: the configuration, with the current session's model and effort. */
export interface RuntimeSettings
  extends Pick<
    RunConfig,
    | 'cwd'
    | 'effort'
    | 'tools'
    | 'allowedTools'
    | 'maxTurns'
    | 'maxCostUsd'
    | 'systemPromptAppend'
    | 'compaction'
    | 'sessionsDirectory'
    | 'settingsFiles'
  > {
  /** The current session's provider and model (else the configured ones). */
  provider: string;
  model: string;
  /** The profile shaping requests: anthropic, openai, gemini or generic. */
  profile: string;
  /** The providers that can be used (their keys are set). */
  providers: string[];
}

export type SessionChangeListener = (session: Session, previous: Session | undefined) => void;

/**
 * What every mode of the CLI runs on: the configuration resolved into a client (with cost
 * accounting and the cost budget), an execution environment in the project folder, the session
 * store, and the current session, which the methods below open, switch and change. Modes watch
 * `onSessionChange` to follow the session when it is replaced (resume, fork, new, interrupt).
 */
export class CliRuntime {
  readonly config: RunConfig;
  readonly client: Client;
  readonly env: LocalExecutionEnvironment;
  readonly cost: CostTracker;
  /** This directory's session store; undefined with --no-session. */
  readonly store: JsonlSessionStore | undefined;
  private readonly table: ProviderEntry[];
  /** The model a new session starts with, or why there is none (a saved session may still be reopened). */
  private readonly initialChoice: ModelChoice | ConfigError;
  private current: Session | undefined;
  private readonly listeners = new Set<SessionChangeListener>();

  private constructor(config: RunConfig, table: ProviderEntry[], initial: ModelChoice | ConfigError) {
    this.config = config;
    this.table = table;
    this.initialChoice = initial;
    this.cost = new CostTracker(config.maxCostUsd);
    this.client = new Client({
      providers: table.filter((entry) => entry.usable).map((entry) => entry.create()),
      ...(initial instanceof ConfigError ? {} : { defaultProvider: initial.provider.name }),
      middleware: [this.cost.middleware()],
    });
    this.env = new LocalExecutionEnvironment({ workingDirectory: config.cwd });
    this.store = config.sessionsDirectory
      ? new JsonlSessionStore({ directory: config.sessionsDirectory, fsync: false })
      : undefined;
  }

  /**
   * Resolves the provider and model (ConfigError with the one documented message when no key is
   * set at all) and prepares the environment. Opens no session: see openInitialSession.
   */
  static async create(config: RunConfig): Promise<CliRuntime> {
    const table = providerTable(config.env, config.settings);
    if (!table.some((entry) => entry.usable)) throw new ConfigError(NO_PROVIDER_MESSAGE);
    let initial: ModelChoice | ConfigError;
    try {
      initial = resolveModel(
        {
          model: config.model,
          provider: config.provider,
          settingsModel: config.settings.model,
          settingsProvider: config.settings.provider,
        },
        table,
      );
      checkPriced(config.maxCostUsd, initial.model);
    } catch (error) {
      // Reopening a saved session needs no model of its own unless the command line names one.
      const reopening =
        config.sessionStart.kind !== 'new' && config.model === undefined && config.provider === undefined;
      if (!(error instanceof ConfigError) || !reopening) throw error;
      initial = error;
    }
    const runtime = new CliRuntime(config, table, initial);
    // Every mode opens a session at once, and its start waits for the git snapshot: git runs
    // now, in its own processes, while this one loads the provider's SDK. The
    // local environment checks the snapshot's working directory without a turn of the event
    // loop, so git is spawned before the warm-up (queued with setImmediate) holds this thread.
    prefetchGitSnapshot(runtime.env);
    runtime.warmUp();
    await runtime.env.initialize();
    return runtime;
  }

  /** The current session. Throws when none is open yet. */
  get session(): Session {
    if (!this.current)
      throw new Error('No session is open: call openInitialSession() or createSession() first.');
    return this.current;
  }

  get hasSession(): boolean {
    return this.current !== undefined;
  }

  get settings(): RuntimeSettings {
    const session = this.current;
    return {
      cwd: this.config.cwd,
      provider: session?.provider ?? this.initial?.provider.name ?? '',
      model: session?.model ?? this.initial?.model ?? '',
      profile: session?.profile.id ?? this.initial?.provider.profile ?? '',
      effort: session ? session.reasoningEffort : this.config.effort,
      tools: this.config.tools,
      allowedTools: this.config.allowedTools,
      maxTurns: this.config.maxTurns,
      maxCostUsd: this.config.maxCostUsd,
      systemPromptAppend: this.config.systemPromptAppend,
      compaction: this.config.compaction,
      sessionsDirectory: this.config.sessionsDirectory,
      settingsFiles: this.config.settingsFiles,
      providers: this.table.filter((entry) => entry.usable).map((entry) => entry.name),
    };
  }

  /** Calls `listener` whenever another session becomes the current one; returns the unsubscribe function. */
  onSessionChange(listener: SessionChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Opens the session the command line asks for: --continue (the latest of this directory; a new
   * one, with a warning, when there is none), --resume ID, --fork ID, or a new one.
   */
  async openInitialSession(onWarning: (message: string) => void = () => {}): Promise<Session> {
    const start = this.config.sessionStart;
    switch (start.kind) {
      case 'continue': {
        const latest = await this.continueLatest();
        if (latest) return latest;
        onWarning(`There is no saved session for ${this.config.cwd} to continue; starting a new one.`);
        return this.createSession();
      }
      case 'resume':
        return this.resumeSession(start.id);
      case 'fork':
        return this.forkSession(start.id);
      case 'new':
        return this.createSession();
    }
  }

  /** A new, empty session with the configured model; it becomes the current one. */
  async createSession(): Promise<Session> {
    const { provider, model } = this.selectionForNew();
    const profile = this.profileFor(provider, model);
    const session = new Session({
      ...this.sessionOptions(profile, 0, this.config.effort),
      ...(this.store ? { store: this.store } : {}),
    });
    await this.adopt(session);
    return session;
  }

  /** Continues a saved session (an id or a unique prefix; this directory's first, then any). */
  async resumeSession(idOrPrefix: string): Promise<Session> {
    const { store, sessionId } = await this.findSaved(idOrPrefix);
    const { profile, priorCalls } = await this.storedSelection(store, sessionId);
    const session = await Session.resume(
      store,
      sessionId,
      this.sessionOptions(profile, priorCalls, this.config.effort),
    );
    await this.applyCommandLineChoices(session);
    await this.adopt(session);
    return session;
  }

  /** The latest session of this directory, resumed; undefined when there is none (or no store). */
  async continueLatest(): Promise<Session | undefined> {
    if (!this.store) return undefined;
    const [latest] = await this.store.list();
    return latest ? this.resumeSession(latest.sessionId) : undefined;
  }

  /**
   * A new session continuing a copy of session `idOrPrefix` up to `entryId` (default: its last
   * entry); the original is left as it was. The id may be the current session's, also without a
   * store (the copy is then made in memory).
   */
  async forkSession(idOrPrefix: string, entryId?: string): Promise<Session> {
    const current = this.current;
    if (current && current.id === idOrPrefix && !this.store) return this.forkInMemory(current, entryId);
    const { store, sessionId } = await this.findSaved(idOrPrefix);
    const loaded = await store.load(sessionId);
    const from = entryId ?? loaded.entries.at(-1)?.id;
    if (from === undefined) throw new ConfigError(`Session ${sessionId} has nothing to fork yet.`);
    const { profile, priorCalls } = await this.storedSelection(store, sessionId, from);
    // Writes go to this directory's store when there is one, so the fork is listed here.
    const target = this.store ?? store;
    const session =
      target === store
        ? await Session.fork(
            store,
            sessionId,
            from,
            this.sessionOptions(profile, priorCalls, this.config.effort),
          )
        : await forkAcross(
            store,
            target,
            sessionId,
            from,
            this.sessionOptions(profile, priorCalls, this.config.effort),
          );
    await this.applyCommandLineChoices(session);
    await this.adopt(session);
    return session;
  }

  /**
   * Stops what the current session is doing and continues it at once as the current session:
   * Session.abort() closes a session for good, so the same conversation is reopened (resumed from
   * the store, or rebuilt from memory without one). Returns the reopened session.
   */
  async interrupt(): Promise<Session> {
    const old = this.session;
    await old.abort();
    const options = this.sessionOptions(
      old.profile as WeftProfile,
      countModelCalls(old.history),
      old.reasoningEffort,
    );
    // A session that never reached the store (nothing written yet) is rebuilt from memory.
    const session = this.store
      ? await Session.resume(this.store, old.id, options).catch(() => this.reopenInMemory(old, options))
      : this.reopenInMemory(old, options);
    await this.adopt(session);
    return session;
  }

  /** This directory's saved sessions, newest first (every directory's with `all`). */
  listSessions(options: { all?: boolean } = {}): Promise<ListedSession[]> {
    return listSessions(this.config, options);
  }

  /**
   * Switches the current session to `spec` (`provider/model` or a model id) from its next model
   * call, with the provider's profile. Returns what was chosen.
   */
  async setModel(spec: string): Promise<{ provider: string; model: string; profile: string }> {
    const session = this.session;
    const parsed = parseModelSpec(spec, this.table);
    const listed = getModelInfo(parsed.model)?.provider;
    const catalogProvider = this.table.some((entry) => entry.name === listed && entry.usable)
      ? listed
      : undefined;
    const provider = requireProvider(this.table, parsed.provider ?? catalogProvider ?? session.provider);
    checkPriced(this.config.maxCostUsd, parsed.model);
    const profile = this.profileFor(provider, parsed.model);
    await session.setModel(parsed.model, { provider: provider.name, profile });
    return { provider: provider.name, model: parsed.model, profile: profile.id };
  }

  /** Sets the reasoning effort of the current session's next calls (null: the provider's default). */
  async setEffort(effort: string | null): Promise<void> {
    if (effort !== null && !(REASONING_EFFORTS as readonly string[]).includes(effort)) {
      throw new ConfigError(`Unknown effort "${effort}" (use one of ${REASONING_EFFORTS.join(', ')}).`);
    }
    await this.session.setReasoningEffort(effort as ReasoningEffort | null);
  }

  /** Closes the current session (letting what it writes finish), the client and the environment. */
  async close(): Promise<void> {
    await this.current?.close();
    await Promise.allSettled([this.client.close(), this.env.cleanup()]);
  }

  /**
   * Loads what the first model call needs (the provider's SDK) at the first idle moment, so that
   * it overlaps the git snapshot running in child processes instead of following it. Failures are
   * left for the call itself to report. (The built command's fetch needs no loading: see
   * src/http/web-globals.ts.)
   */
  private warmUp(): void {
    const provider = this.initial?.provider.name ?? this.client.defaultProvider;
    setImmediate(() => {
      if (provider)
        void this.client
          .adapter(provider)
          .initialize?.()
          .catch(() => {});
    });
  }

  private get initial(): ModelChoice | undefined {
    return this.initialChoice instanceof ConfigError ? undefined : this.initialChoice;
  }

  private selectionForNew(): { provider: ProviderEntry; model: string } {
    const session = this.current;
    if (!session) {
      if (this.initialChoice instanceof ConfigError) throw this.initialChoice;
      return this.initialChoice;
    }
    return { provider: requireProvider(this.table, session.provider), model: session.model };
  }

  private profileFor(
    provider: ProviderEntry,
    model: string,
    profileName: ProfileName = provider.profile,
  ): WeftProfile {
    const tools: ToolSelection = { preset: this.config.tools, allowed: this.config.allowedTools };
    return createProfile(profileName, provider.name, model, tools);
  }

  /** Options for a session of `profile`; `priorCalls` model calls already made count against nothing. */
  private sessionOptions(
    profile: WeftProfile,
    priorCalls: number,
    effort: ReasoningEffort | undefined,
  ): ResumeOptions {
    const subagents =
      this.config.tools === 'default' &&
      (this.config.allowedTools === undefined ||
        SUBAGENT_TOOLS.some((name) => this.config.allowedTools?.includes(name)));
    return {
      profile,
      env: this.env,
      client: this.client,
      config: {
        ...profile.toolLimits,
        reasoningEffort: effort,
        maxTurns: this.config.maxTurns === undefined ? 0 : priorCalls + this.config.maxTurns,
        compaction: { enabled: this.config.compaction },
        ...(subagents ? {} : { maxSubagentDepth: 0 }),
      },
      ...(this.config.systemPromptAppend ? { instructions: this.config.systemPromptAppend } : {}),
    };
  }

  /** The profile a saved session continues with (its last model), and the model calls it holds. */
  private async storedSelection(
    store: SessionStore,
    sessionId: string,
    leaf?: string,
  ): Promise<{ profile: WeftProfile; priorCalls: number }> {
    const loaded = await store.load(sessionId);
    const rebuilt = historyFromEntries(loaded.entries, leaf);
    const providerName = rebuilt.model?.provider ?? loaded.header.provider;
    const model = rebuilt.model?.model ?? loaded.header.model;
    const profileName = rebuilt.model?.profile ?? loaded.header.profile;
    const provider = this.table.find((entry) => entry.name === providerName);
    if (!provider?.usable) {
      throw new ConfigError(
        `Session ${sessionId} uses the provider "${providerName}"${provider ? `, which has no API key: ${provider.keyHint}` : ', which is not configured'}. Or pass --model to continue it with another model.`,
      );
    }
    const known = ['anthropic', 'openai', 'gemini', 'generic'].includes(profileName);
    const profile = this.profileFor(provider, model, known ? (profileName as ProfileName) : provider.profile);
    return { profile, priorCalls: countModelCalls(rebuilt.turns) };
  }

  /**
   * --model, --provider and --effort given with --resume, --fork or --continue apply to the
   * reopened session (written to it as changes); otherwise it keeps the model and effort it had.
   */
  private async applyCommandLineChoices(session: Session): Promise<void> {
    if (this.config.model !== undefined || this.config.provider !== undefined) {
      const { provider, model } = this.initialChoice as ModelChoice;
      if (provider.name !== session.provider || model !== session.model) {
        await session.setModel(model, { provider: provider.name, profile: this.profileFor(provider, model) });
      }
    }
    if (this.config.effortFlag !== undefined && this.config.effortFlag !== session.reasoningEffort) {
      await session.setReasoningEffort(this.config.effortFlag);
    }
  }

  private async findSaved(idOrPrefix: string): Promise<{ store: JsonlSessionStore; sessionId: string }> {
    const located = await locateSession(this.config.sessionsRoot, this.config.sessionsDirectory, idOrPrefix);
    const store =
      this.store && located.directory === this.store.directory
        ? this.store
        : new JsonlSessionStore({ directory: located.directory, fsync: false });
    return { store, sessionId: located.sessionId };
  }

  private forkInMemory(source: Session, entryId: string | undefined): Promise<Session> {
    const history = [...source.history];
    const end = entryId === undefined ? history.length : history.findIndex((turn) => turn.id === entryId) + 1;
    if (end === 0) throw new ConfigError(`Session ${source.id} has no turn ${entryId}.`);
    const kept = history.slice(0, end);
    const session = new Session({
      ...this.sessionOptions(source.profile as WeftProfile, countModelCalls(kept), source.reasoningEffort),
      history: kept,
      model: source.model,
      provider: source.provider,
    });
    return this.adopt(session).then(() => session);
  }

  private reopenInMemory(old: Session, options: ResumeOptions): Session {
    return new Session({
      ...options,
      sessionId: old.id,
      history: old.history,
      model: old.model,
      provider: old.provider,
    });
  }

  /** Makes `session` the current one (closing the one before) and starts it. */
  private async adopt(session: Session): Promise<void> {
    const previous = this.current;
    this.current = session;
    if (previous && previous !== session) await previous.close();
    for (const listener of this.listeners) listener(session, previous);
    await session.start();
  }
}

/** A budget in dollars needs prices: a model the catalog cannot price would run unchecked. */
function checkPriced(maxCostUsd: number | undefined, model: string): void {
  if (maxCostUsd === undefined || getModelInfo(model)?.prices) return;
  throw new ConfigError(
    `--max-cost-usd needs the model's prices, and the catalog has none for "${model}": add them under "models" in the settings, or choose a priced model.`,
  );
}

function countModelCalls(turns: readonly { type: string }[]): number {
  return turns.filter((turn) => turn.type === 'assistant').length;
}

/** A fork of a session saved in another directory's store, written to `target` (this directory's). */
async function forkAcross(
  source: JsonlSessionStore,
  target: JsonlSessionStore,
  sessionId: string,
  entryId: string,
  options: ResumeOptions,
): Promise<Session> {
  const loaded = await source.load(sessionId);
  const rebuilt = historyFromEntries(loaded.entries, entryId);
  const effort =
    rebuilt.reasoningEffort === undefined ? options.config?.reasoningEffort : rebuilt.reasoningEffort;
  const session = new Session({
    ...options,
    config: { ...options.config, reasoningEffort: effort ?? undefined },
    store: target,
    history: rebuilt.turns,
    model: rebuilt.model?.model ?? loaded.header.model,
    provider: rebuilt.model?.provider ?? loaded.header.provider,
  });
  return session;
}

export type { SessionSummary };
