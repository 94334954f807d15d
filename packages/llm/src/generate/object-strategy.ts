import { NoObjectGeneratedError } from '../errors/sdk-error.js';
import { Message } from '../types/content.js';
import type { JsonSchema, ResponseFormat, ToolChoice } from '../types/request.js';
import type { Response } from '../types/response.js';
import type { Tool } from './tool.js';
import { validateJsonSchema } from './validate-json-schema.js';

/**
 * How structured output is asked for, per provider: OpenAI (and OpenAI-compatible servers) and
 * Gemini through the request's `responseFormat` (json_schema; the adapters map it to OpenAI's
 * strict `json_schema` and Gemini's `responseMimeType` + `responseSchema`); Anthropic through a
 * forced extraction tool whose arguments are the object. A schema whose root is not an object is
 * wrapped as `{ value: schema }` (tool parameters and OpenAI's strict mode require an object root)
 * and unwrapped again in the output.
 */
export interface ObjectStrategy {
  kind: 'json_schema' | 'tool';
  /** The schema sent: the caller's, or the wrapper around it. */
  schema: JsonSchema;
  wrapped: boolean;
  name: string;
}

export const EXTRACTION_TOOL_DESCRIPTION =
  'Respond by calling this tool with the requested data as its arguments. Call it exactly once.';

export function objectStrategy(adapterName: string, schema: JsonSchema, name = 'output'): ObjectStrategy {
  const wrapped = schema.type !== 'object';
  const sent: JsonSchema = wrapped
    ? { type: 'object', properties: { value: schema }, required: ['value'], additionalProperties: false }
    : schema;
  return {
    kind: adapterName === 'anthropic' ? 'tool' : 'json_schema',
    schema: sent,
    wrapped,
    name: safeName(name),
  };
}

/** The request settings that ask for the object. */
export function objectRequestSettings(
  strategy: ObjectStrategy,
  description?: string,
): { tools?: Tool[]; toolChoice?: ToolChoice; responseFormat?: ResponseFormat } {
  if (strategy.kind === 'tool') {
    return {
      tools: [
        {
          name: strategy.name,
          description: description
            ? `${description}\n\n${EXTRACTION_TOOL_DESCRIPTION}`
            : EXTRACTION_TOOL_DESCRIPTION,
          parameters: strategy.schema,
        },
      ],
      toolChoice: { mode: 'named', toolName: strategy.name },
    };
  }
  return {
    responseFormat: {
      type: 'json_schema',
      jsonSchema: strategy.schema,
      name: strategy.name,
      strict: isStrictCompatible(strategy.schema),
    },
  };
}

/**
 * OpenAI's strict mode accepts only schemas where every object lists all its properties as
 * required and forbids others; asking for strict with any other schema is a 400. Strict is used
 * when the schema allows it, so a looser schema still works (validated by us instead).
 */
export function isStrictCompatible(schema: unknown): boolean {
  if (Array.isArray(schema)) return schema.every(isStrictCompatible);
  if (schema === null || typeof schema !== 'object') return true;
  const node = schema as Record<string, unknown>;
  if (node.type === 'object' || node.properties !== undefined) {
    const keys = Object.keys((node.properties as Record<string, unknown> | undefined) ?? {});
    const required = Array.isArray(node.required) ? node.required : [];
    if (node.additionalProperties !== false || !keys.every((key) => required.includes(key))) return false;
  }
  return Object.entries(node).every(
    ([key, child]) => key === 'enum' || key === 'const' || isStrictCompatible(child),
  );
}

/** The raw JSON text of the object in a response: the extraction tool's arguments, or the text. */
export function objectText(response: Response, strategy: ObjectStrategy): string {
  if (strategy.kind === 'tool') {
    const call = Message.toolCalls(response.message).find((c) => c.name === strategy.name);
    if (call)
      return (
        call.rawArguments ??
        (typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments))
      );
  }
  return Message.text(response.message);
}

/** Removes a Markdown code fence some models put around JSON even when asked not to. */
export function stripCodeFence(text: string): string {
  return text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
}

/** Parses and validates the object; NoObjectGeneratedError (never retried) when either fails. */
export function parseObject<T>(text: string, strategy: ObjectStrategy, schema: JsonSchema): T {
  let value: unknown;
  try {
    value = JSON.parse(stripCodeFence(text));
  } catch (error) {
    throw new NoObjectGeneratedError(`The model's output is not valid JSON: ${(error as Error).message}`, {
      cause: error,
      text,
    });
  }
  const unwrapped = strategy.wrapped ? (value as { value?: unknown } | null)?.value : value;
  const problems = validateJsonSchema(unwrapped, schema);
  if (problems.length > 0) {
    throw new NoObjectGeneratedError(
      `The model's output does not match the schema:\n${problems.join('\n')}`,
      { text },
    );
  }
  return unwrapped as T;
}

function safeName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]/g, '_').replace(/^[^a-zA-Z]+/, '');
  return (cleaned || 'output').slice(0, 64);
}
