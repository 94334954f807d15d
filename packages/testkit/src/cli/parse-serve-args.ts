export interface ServeArgs {
  port: number;
  scriptFile: string | undefined;
  strict: boolean;
  loop: boolean;
  apiKey: string | undefined;
}

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export const USAGE = `Usage: weft-testkit serve [--port P] [--script FILE] [--loose] [--loop] [--api-key KEY]

Starts the fake model server on 127.0.0.1 and prints "listening <url>" when ready.
  --port P        port to listen on (default 0: a free port)
  --script FILE   JSON script: an array of turns, or { turns, rules, strict, loop }
  --loose         do not reject requests the real services would reject
  --loop          start the turn queue over when it runs out
  --api-key KEY   answer any other key with the provider's authentication error`;

/** Parses `serve` and its flags; throws UsageError with a message naming the problem. */
export function parseServeArgs(argv: readonly string[]): ServeArgs {
  const [command, ...rest] = argv;
  if (command !== 'serve')
    throw new UsageError(command ? `unknown command "${command}"` : 'missing command "serve"');
  const args: ServeArgs = { port: 0, scriptFile: undefined, strict: true, loop: false, apiKey: undefined };
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    const value = () => {
      const next = rest[++i];
      if (next === undefined) throw new UsageError(`${flag} needs a value`);
      return next;
    };
    switch (flag) {
      case '--port': {
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          throw new UsageError('--port must be an integer from 0 to 65535');
        args.port = port;
        break;
      }
      case '--script':
        args.scriptFile = value();
        break;
      case '--api-key':
        args.apiKey = value();
        break;
      case '--loose':
        args.strict = false;
        break;
      case '--loop':
        args.loop = true;
        break;
      default:
        throw new UsageError(`unknown option "${flag}"`);
    }
  }
  return args;
}
