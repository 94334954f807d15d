import {
  AnthropicAdapter,
  Client,
  GeminiAdapter,
  OpenAIAdapter,
  OpenAICompatibleAdapter,
  type ProviderAdapter,
} from '@weft/llm';
import { createTempDir, FakeModelServer, type FakeModelServerOptions, type TempDir } from '@weft/testkit';
import type { SessionEvent, SessionEventKind } from '../../events/session-event.js';
import type { ProfileCapabilities, ProviderProfile } from '../../profile/provider-profile.js';
import { ProcessTestEnvironment } from '../../testing/process-test-environment.js';
import type { Tool } from '../../tools/tool.js';
import { Session } from '../session.js';
import type { SessionOptions } from '../session-options.js';

/** The four wire protocols, each reached through its real @weft/llm adapter and the official SDK. */
export type TestProvider = 'anthropic' | 'openai' | 'gemini' | 'openai-chat';

export const TEST_PROVIDERS: readonly TestProvider[] = ['anthropic', 'openai', 'gemini', 'openai-chat'];

export const TEST_MODELS: Readonly<Record<TestProvider, string>> = {
  anthropic: 'claude-sonnet-5-5',
  openai: 'gpt-5.4',
  gemini: 'gemini-2.5-flash',
  'openai-chat': 'gpt-4.1',
};

export interface AdapterSettings {
  apiKey?: string;
  streamIdleTimeoutMs?: number;
}

/** The real adapter for `provider`, pointed at the fake server (or one in another process, by its URLs). */
export function testAdapter(
  provider: TestProvider,
  server: Pick<FakeModelServer, 'baseUrls'>,
  settings: AdapterSettings = {},
): ProviderAdapter {
  const apiKey = settings.apiKey ?? 'test-key';
  const timeouts =
    settings.streamIdleTimeoutMs === undefined ? {} : { streamIdleTimeoutMs: settings.streamIdleTimeoutMs };
  switch (provider) {
    case 'anthropic':
      return new AnthropicAdapter({ apiKey, baseUrl: server.baseUrls.anthropic, ...timeouts });
    case 'openai':
      return new OpenAIAdapter({ apiKey, baseUrl: server.baseUrls.openai, ...timeouts });
    case 'gemini':
      return new GeminiAdapter({ apiKey, baseUrl: server.baseUrls.gemini, ...timeouts });
    case 'openai-chat':
      return new OpenAICompatibleAdapter({
        name: 'openai-chat',
        apiKey,
        baseUrl: server.baseUrls.openai,
        ...timeouts,
      });
  }
}

export interface TestProfileOptions {
  provider?: TestProvider;
  model?: string;
  id?: string;
  tools?: readonly Tool[];
  capabilities?: Partial<ProfileCapabilities>;
  projectDocFiles?: readonly string[];
  basePrompt?: string;
}

/** A minimal provider profile: the tools given, a one-line base prompt, the capabilities asked for. */
export function testProfile(options: TestProfileOptions = {}): ProviderProfile {
  const provider = options.provider ?? 'anthropic';
  const tools = options.tools ?? [];
  return {
    id: options.id ?? `test-${provider}`,
    provider,
    model: options.model ?? TEST_MODELS[provider],
    tools: () => tools,
    buildSystemPrompt: () => options.basePrompt ?? 'You are a test agent.',
    capabilities: {
      parallelToolCalls: false,
      reasoning: true,
      streaming: true,
      contextWindow: 200_000,
      vision: false,
      ...options.capabilities,
    },
    projectDocFiles: options.projectDocFiles ?? [],
  };
}

export interface Harness {
  server: FakeModelServer;
  client: Client;
  env: ProcessTestEnvironment;
  dir: TempDir;
  provider: TestProvider;
  /** Creates a session on this harness's client and environment, with the options given on top. */
  session(options?: Partial<SessionOptions> & TestProfileOptions): Session;
  close(): Promise<void>;
}

export interface HarnessOptions {
  provider?: TestProvider;
  server?: FakeModelServerOptions;
  adapter?: AdapterSettings;
}

/**
 * The fake model server, a real @weft/llm client with the real adapter for `provider`, and a
 * process environment in a fresh temp folder. Sessions made by `session()` retry without waiting
 * (the policy is @weft/llm's; only the sleep is instant).
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const provider = options.provider ?? 'anthropic';
  const server = await FakeModelServer.start(options.server);
  const client = new Client({ providers: [testAdapter(provider, server, options.adapter)] });
  const dir = createTempDir('weft-session-');
  const env = new ProcessTestEnvironment(dir.path);
  const sessions: Session[] = [];
  return {
    server,
    client,
    env,
    dir,
    provider,
    session(sessionOptions = {}) {
      const { tools, capabilities, projectDocFiles, basePrompt, id, model, ...rest } = sessionOptions;
      const session = new Session({
        profile: testProfile({
          provider,
          ...(tools ? { tools } : {}),
          ...(capabilities ? { capabilities } : {}),
          ...(projectDocFiles ? { projectDocFiles } : {}),
          ...(basePrompt ? { basePrompt } : {}),
          ...(id ? { id } : {}),
          ...(model ? { model } : {}),
        }),
        env,
        client,
        retry: { sleep: async () => {} },
        ...rest,
      });
      sessions.push(session);
      return session;
    },
    async close() {
      await Promise.all(sessions.map((session) => session.close().catch(() => {})));
      await client.close();
      await server.close();
      dir.remove();
    },
  };
}

/** Every event the session emits from now on, in order. */
export function recordEvents(session: Session): SessionEvent[] {
  const events: SessionEvent[] = [];
  session.onAny((event) => events.push(event));
  return events;
}

/** The kinds of `events`, optionally without the chatty ones, to compare sequences. */
export function kinds(
  events: readonly SessionEvent[],
  omit: readonly SessionEventKind[] = [],
): SessionEventKind[] {
  return events.map((event) => event.kind).filter((kind) => !omit.includes(kind));
}

/** The events of one kind, typed. */
export function ofKind<K extends SessionEventKind>(
  events: readonly SessionEvent[],
  kind: K,
): SessionEvent<K>[] {
  return events.filter((event) => event.kind === kind) as unknown as SessionEvent<K>[];
}
