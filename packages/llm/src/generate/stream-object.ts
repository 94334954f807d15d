import { Allow, parse as parsePartialJson } from 'partial-json';
import { type GenerateObjectOptions, strategyFor } from './generate-object.js';
import {
  type ObjectStrategy,
  objectRequestSettings,
  objectText,
  parseObject,
  stripCodeFence,
} from './object-strategy.js';
import type { GenerateResult } from './step-result.js';
import { stream } from './stream.js';
import type { StreamResult } from './stream-result.js';

/**
 * The result of `streamObject`: iterate it for the object as it grows (each yielded value is a
 * new, larger partial object, parsed from incomplete JSON); `object()` gives the final one,
 * parsed and validated (NoObjectGeneratedError otherwise). `events` is the underlying stream.
 */
export class StreamObjectResult<T> implements AsyncIterable<unknown> {
  readonly events: StreamResult;
  private readonly strategy: ObjectStrategy;
  private readonly options: GenerateObjectOptions;

  constructor(events: StreamResult, strategy: ObjectStrategy, options: GenerateObjectOptions) {
    this.events = events;
    this.strategy = strategy;
    this.options = options;
  }

  async *[Symbol.asyncIterator](): AsyncIterator<unknown> {
    let json = '';
    let last = '';
    let extractionCallId: string | undefined;
    for await (const event of this.events) {
      if (event.type === 'error') return;
      if (this.strategy.kind === 'tool') {
        if (event.type === 'tool_call_start' && event.toolName === this.strategy.name)
          extractionCallId = event.toolCallId;
        if (event.type !== 'tool_call_delta' || event.toolCallId !== extractionCallId) continue;
        json += event.argumentsDelta;
      } else {
        if (event.type !== 'text_delta') continue;
        json += event.delta;
      }
      const partial = parsePartial(json, this.strategy);
      if (partial === undefined) continue;
      const serialized = JSON.stringify(partial);
      if (serialized === last) continue;
      last = serialized;
      yield partial;
    }
  }

  /** The partial objects alone (the same as iterating this result). */
  get partialObjectStream(): AsyncIterable<unknown> {
    return { [Symbol.asyncIterator]: () => this[Symbol.asyncIterator]() };
  }

  /** The final object, parsed and validated against the schema. */
  async object(): Promise<T> {
    return (await this.result()).output as T;
  }

  /** The whole run's result with `output` set. */
  async result(): Promise<GenerateResult<T>> {
    const result = await this.events.result();
    const output = parseObject<T>(
      objectText(result.response, this.strategy),
      this.strategy,
      this.options.schema,
    );
    return { ...result, output };
  }
}

/** Streams an object that matches `schema`; see StreamObjectResult. */
export function streamObject<T = unknown>(options: GenerateObjectOptions): StreamObjectResult<T> {
  const strategy = strategyFor(options);
  const { schema: _schema, schemaName: _name, schemaDescription, ...rest } = options;
  const events = stream({ ...rest, ...objectRequestSettings(strategy, schemaDescription), maxToolRounds: 0 });
  return new StreamObjectResult<T>(events, strategy, options);
}

function parsePartial(json: string, strategy: ObjectStrategy): unknown {
  const text = stripCodeFence(json);
  if (text === '') return undefined;
  try {
    const value: unknown = parsePartialJson(text, Allow.ALL);
    if (!strategy.wrapped) return value;
    return value !== null && typeof value === 'object' ? (value as { value?: unknown }).value : undefined;
  } catch {
    return undefined;
  }
}
