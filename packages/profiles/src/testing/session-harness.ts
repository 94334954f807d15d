import { type ProviderProfile, Session, type SessionEvent, type SessionOptions } from '@weft/agent-core';
import { LocalExecutionEnvironment } from '@weft/env-local';
import { AnthropicAdapter, Client, GeminiAdapter, OpenAIAdapter, type ProviderAdapter } from '@weft/llm';
import { createTempDir, FakeModelServer, type RecordedRequest, type TempDir } from '@weft/testkit';

/** The three protocols the profiles are aligned with, each through its real @weft/llm adapter and SDK. */
export type ProfileProvider = 'anthropic' | 'openai' | 'gemini';

function adapterFor(provider: ProfileProvider, server: FakeModelServer): ProviderAdapter {
  const apiKey = 'test-key';
  switch (provider) {
    case 'anthropic':
      return new AnthropicAdapter({ apiKey, baseUrl: server.baseUrls.anthropic });
    case 'openai':
      return new OpenAIAdapter({ apiKey, baseUrl: server.baseUrls.openai });
    case 'gemini':
      return new GeminiAdapter({ apiKey, baseUrl: server.baseUrls.gemini });
  }
}

/**
 * A real session on a real profile: the fake model server scripted per test, the official SDK
 * through @weft/llm's adapter, and @weft/env-local in a fresh temp folder. Every event is kept.
 */
export interface SessionHarness {
  server: FakeModelServer;
  client: Client;
  env: LocalExecutionEnvironment;
  dir: TempDir;
  session: Session;
  events: SessionEvent[];
  /** The requests the model server received from the top-level session (subagents' left out). */
  requests(): RecordedRequest[];
  close(): Promise<void>;
}

export async function startSessionHarness(
  profile: ProviderProfile & { toolLimits?: object },
  options: { dir?: TempDir; session?: Partial<SessionOptions> } = {},
): Promise<SessionHarness> {
  const server = await FakeModelServer.start();
  const provider = profile.provider as ProfileProvider;
  const client = new Client({ providers: [adapterFor(provider, server)] });
  const dir = options.dir ?? createTempDir('weft-parity-');
  const env = new LocalExecutionEnvironment({ workingDirectory: dir.path });
  const { config, ...rest } = options.session ?? {};
  const session = new Session({
    profile,
    env,
    client,
    // The profile's per-tool limits, as the README tells hosts to pass them.
    config: { ...(profile.toolLimits ?? {}), ...config },
    retry: { sleep: async () => {} },
    ...rest,
  });
  const events: SessionEvent[] = [];
  session.onAny((event) => events.push(event));
  return {
    server,
    client,
    env,
    dir,
    session,
    events,
    requests: () => server.requests.filter((request) => !isSubagentRequest(request)),
    async close() {
      await session.close().catch(() => {});
      await env.cleanup();
      await client.close();
      await server.close();
      dir.remove();
    },
  };
}

/** A request made by a subagent: its system prompt carries agent-core's subagent instructions. */
export function isSubagentRequest(request: RecordedRequest): boolean {
  return /You are a subagent/.test(request.view.system);
}

/** The events of one kind, typed. */
export function eventsOf<K extends SessionEvent['kind']>(
  events: readonly SessionEvent[],
  kind: K,
): Extract<SessionEvent, { kind: K }>[] {
  return events.filter((event) => event.kind === kind) as Extract<SessionEvent, { kind: K }>[];
}
