import type { JsonSchema } from '../types/request.js';
import { generate } from './generate.js';
import { clientOf, type GenerateOptions } from './generate-options.js';
import {
  type ObjectStrategy,
  objectRequestSettings,
  objectStrategy,
  objectText,
  parseObject,
} from './object-strategy.js';
import type { GenerateResult } from './step-result.js';

/** generate's options without the ones structured output sets itself, plus the schema. */
export interface GenerateObjectOptions
  extends Omit<GenerateOptions, 'tools' | 'toolChoice' | 'responseFormat' | 'maxToolRounds' | 'stopWhen'> {
  /** The JSON Schema the output must match. */
  schema: JsonSchema;
  /** A name for the schema (OpenAI's json_schema name, Anthropic's extraction tool). Default 'output'. */
  schemaName?: string;
  /** What the object is, for the model. */
  schemaDescription?: string;
}

/** The strategy for the provider the options route to (see objectStrategy). */
export function strategyFor(options: GenerateObjectOptions): ObjectStrategy {
  const client = clientOf(options);
  const adapter = client.adapter(client.providerFor(options));
  return objectStrategy(adapter.name, options.schema, options.schemaName);
}

/**
 * Generates an object that matches `schema`: asks the provider for structured output its native
 * way, then parses and validates the result into `output`. Provider errors are retried as in
 * `generate`; output that does not parse or validate raises NoObjectGeneratedError, not retried.
 */
export async function generateObject<T = unknown>(
  options: GenerateObjectOptions,
): Promise<GenerateResult<T>> {
  const strategy = strategyFor(options);
  const { schema, schemaName: _name, schemaDescription, ...rest } = options;
  const result = await generate({
    ...rest,
    ...objectRequestSettings(strategy, schemaDescription),
    maxToolRounds: 0,
  });
  const output = parseObject<T>(objectText(result.response, strategy), strategy, schema);
  return { ...result, output };
}
