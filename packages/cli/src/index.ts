// The library side of @weft/cli: a typed client for `weft --mode rpc`, and the line schemas of
// `--output stream-json` and RPC mode. The command itself is bin/weft.js (see README.md).
export { EXIT } from './modes/exit-codes.js';
export {
  type EventLine,
  type InitLine,
  type ModelUsageLine,
  type ResultLine,
  STREAM_SCHEMA_VERSION,
  type StreamLine,
} from './modes/stream-schema.js';
export { LineSplitter } from './rpc/line-splitter.js';
export { RpcClient, type RpcClientOptions, RpcError } from './rpc/rpc-client.js';
export {
  RPC_COMMANDS,
  type RpcCommand,
  type RpcCommandType,
  type RpcErrorCode,
  type RpcId,
  type RpcOutputLine,
  type RpcResponse,
  type RpcResponseData,
  type RpcState,
} from './rpc/rpc-protocol.js';
