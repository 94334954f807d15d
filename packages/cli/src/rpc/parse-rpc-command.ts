import {
  RPC_COMMANDS,
  type RpcCommand,
  type RpcCommandType,
  type RpcErrorCode,
  type RpcId,
} from './rpc-protocol.js';

/** A command line that cannot be run, with what the failure response needs. */
export class RpcCommandError extends Error {
  override readonly name = 'RpcCommandError';
  constructor(
    readonly code: RpcErrorCode,
    message: string,
    readonly id?: RpcId,
    readonly command?: RpcCommandType,
  ) {
    super(message);
  }
}

type Json = Record<string, unknown>;

/** One stdin line as a command: JSON, a known `type`, the fields that type needs. Throws RpcCommandError. */
export function parseRpcCommand(line: string): RpcCommand {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    throw new RpcCommandError('parse', `Not a JSON command: ${(error as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RpcCommandError('parse', 'A command is a JSON object with a "type".');
  }
  const json = value as Json;
  const id = typeof json.id === 'string' || typeof json.id === 'number' ? json.id : undefined;
  const type = json.type;
  if (typeof type !== 'string' || !(RPC_COMMANDS as readonly string[]).includes(type)) {
    throw new RpcCommandError(
      'invalid_command',
      `Unknown command type ${JSON.stringify(type)} (known: ${RPC_COMMANDS.join(', ')}).`,
      id,
    );
  }
  const fail = (message: string): never => {
    throw new RpcCommandError('invalid_command', message, id, type as RpcCommandType);
  };
  const text = (field: string): string => {
    const raw = json[field];
    if (typeof raw !== 'string' || raw.trim() === '') fail(`"${type}" needs "${field}": a non-empty string.`);
    return raw as string;
  };
  const optionalText = (field: string): string | undefined =>
    json[field] === undefined ? undefined : text(field);
  const base = id === undefined ? {} : { id };
  switch (type as RpcCommandType) {
    case 'prompt': {
      const behavior = json.behavior;
      if (behavior !== undefined && behavior !== 'steer' && behavior !== 'follow_up') {
        fail('"behavior" is "steer" or "follow_up".');
      }
      const images = json.images;
      if (images !== undefined && !isImageList(images)) {
        fail('"images" is a list of { "type": "image", "data": base64, "mediaType": "image/png" | … }.');
      }
      return {
        ...base,
        type: 'prompt',
        message: text('message'),
        ...(images === undefined
          ? {}
          : { images: images as Extract<RpcCommand, { type: 'prompt' }>['images'] }),
        ...(behavior === undefined ? {} : { behavior: behavior as 'steer' | 'follow_up' }),
      };
    }
    case 'steer':
      return {
        ...base,
        type: 'steer',
        message: text('message'),
        ...(json.interrupt === true ? { interrupt: true } : {}),
      };
    case 'follow_up':
      return { ...base, type: 'follow_up', message: text('message') };
    case 'set_model':
      return { ...base, type: 'set_model', model: text('model') };
    case 'set_effort': {
      const effort = json.effort;
      if (effort !== null && typeof effort !== 'string')
        fail('"set_effort" needs "effort": a level, or null.');
      return {
        ...base,
        type: 'set_effort',
        effort: effort as Extract<RpcCommand, { type: 'set_effort' }>['effort'],
      };
    }
    case 'fork': {
      const sessionId = optionalText('sessionId');
      const entryId = optionalText('entryId');
      return {
        ...base,
        type: 'fork',
        ...(sessionId === undefined ? {} : { sessionId }),
        ...(entryId === undefined ? {} : { entryId }),
      };
    }
    case 'abort':
    case 'compact':
    case 'get_state':
    case 'get_messages':
    case 'new_session':
    case 'shutdown':
      return { ...base, type } as RpcCommand;
  }
}

function isImageList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        (item as Json).type === 'image' &&
        typeof (item as Json).data === 'string' &&
        typeof (item as Json).mediaType === 'string',
    )
  );
}
