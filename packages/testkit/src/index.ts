export {
  type BenchAbsolute,
  type BenchComparison,
  median,
  medianTimeMs,
  reportAbsolute,
  reportComparison,
} from './bench/report.js';
export {
  describeReadmeExamples,
  type ReadmeExampleOptions,
  type TestApi,
} from './docs/describe-readme-examples.js';
export {
  type ExampleRun,
  type ReadmeExample,
  readmeExamples,
  runReadmeExample,
} from './docs/readme-examples.js';
export { createTempDir, type TempDir } from './fs/temp-dir.js';
export type {
  ConversationView,
  ViewMessage,
  ViewToolCall,
  ViewToolResult,
} from './protocols/conversation-view.js';
export type { ChatReasoningField } from './protocols/openai-chat/chat-encode.js';
export {
  type ForwardProxy,
  type ForwardProxyOptions,
  type ProxiedRequest,
  type ProxyResolve,
  startForwardProxy,
} from './proxy/forward-proxy.js';
export { seededRandom } from './random/seeded-random.js';
export { ScriptError } from './script/script-error.js';
export {
  type Chunking,
  type ErrorKind,
  PROTOCOLS,
  type Protocol,
  type ScriptedBlock,
  type ScriptedHttpError,
  type ScriptedReasoning,
  type ScriptedStop,
  type ScriptedStreamError,
  type ScriptedText,
  type ScriptedToolCall,
  type ScriptedTurn,
  type ScriptedUsage,
  type StreamFaults,
} from './script/scripted-turn.js';
export {
  type BaseUrls,
  FakeModelServer,
  type FakeModelServerOptions,
  startFakeModelServer,
} from './server/fake-model-server.js';
export { compileMatcher, type MatcherSpec, match, type RequestMatcher } from './server/matchers.js';
export type { RecordedRequest, RequestOutcome } from './server/recorded-request.js';
export {
  type ServerProcess,
  type ServerProcessOptions,
  startServerProcess,
} from './server/server-process.js';
export type { TurnResponder } from './server/turn-source.js';
