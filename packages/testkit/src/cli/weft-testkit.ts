#!/usr/bin/env node
import { FakeModelServer } from '../server/fake-model-server.js';
import { parseServeArgs, USAGE, UsageError } from './parse-serve-args.js';
import { readScriptFile, type ScriptFile } from './script-file.js';

async function main(argv: readonly string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const args = parseServeArgs(argv);
  const script: ScriptFile = args.scriptFile ? readScriptFile(args.scriptFile) : { turns: [], rules: [] };
  const server = await FakeModelServer.start({
    port: args.port,
    strict: args.strict && script.strict !== false,
    loop: args.loop || script.loop === true,
    turns: script.turns,
    ...(args.apiKey ? { apiKey: args.apiKey } : {}),
  });
  for (const rule of script.rules)
    server.when(rule.when, rule.turn, rule.times === undefined ? {} : { times: rule.times });
  console.log(`listening ${server.url}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`weft-testkit: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof UsageError) console.error(USAGE);
    process.exitCode = error instanceof UsageError ? 2 : 1;
  },
);
