import type { CustomToolFormat } from '@weft/llm';
import { type Static, type TSchema, Type } from 'typebox';
import type { ExecutionEnvironment } from '../environment/execution-environment.js';

/**
 * A tool the model can call. `parameters` is a TypeBox schema (plain JSON Schema at runtime, so
 * it goes to providers unchanged); arguments are validated against it before `execute` runs, so
 * `execute` receives well-typed input.
 *
 * A tool reports failure either by returning `{ isError: true }` or by throwing a
 * {@link ToolError}; any other thrown error is also turned into an error result by
 * `executeTool`, but with less helpful wording.
 */
export interface Tool<TParameters extends TSchema = TSchema, TDetails = unknown> {
  /** The name the model calls the tool by: `[a-zA-Z0-9_-]{1,64}`. */
  readonly name: string;
  /** What the tool does and when to use it, written for the model. */
  readonly description: string;
  readonly parameters: TParameters;
  /**
   * Makes the tool freeform (a "custom" tool in OpenAI's terms): the model sends raw text in this
   * format (a Lark or regex grammar, or any text) instead of JSON arguments, and `execute` gets
   * that text as `{ input }`. `parameters` must then be the JSON form, `{ input: string }`
   * ({@link FREEFORM_PARAMETERS} or one like it with a description): providers without freeform
   * tools are offered that function instead, and their calls reach `execute` the same way.
   */
  readonly format?: CustomToolFormat;
  execute(args: Static<TParameters>, context: ToolContext): Promise<ToolResult<TDetails>>;
}

/** The JSON form of a freeform tool's input, its `parameters`: one required string, `input`. */
export const FREEFORM_PARAMETERS = Type.Object({ input: Type.String() }, { additionalProperties: false });

export type FreeformParameters = typeof FREEFORM_PARAMETERS;

/** What a tool gets besides its arguments. */
export interface ToolContext {
  /** Where file and process operations happen. */
  readonly env: ExecutionEnvironment;
  /** Aborted when the host aborts the turn; long-running tools must stop promptly. */
  readonly signal: AbortSignal;
  /** The provider's id for this call, for correlating updates. */
  readonly toolCallId: string;
  /** Streams partial output to the host while the tool runs (the model sees only the result). */
  readonly onUpdate?: (update: ToolUpdate) => void;
  /**
   * The session's command timeouts: the default when a call sets none (the profile's, else the
   * session config's) and the cap on any call. Command-running tools use these over the
   * environment's own defaults.
   */
  readonly commandTimeouts?: { defaultMs: number; maxMs: number };
}

export interface ToolUpdate {
  /** New output since the previous update. */
  text: string;
  stream?: 'stdout' | 'stderr';
}

export interface TextContent {
  type: 'text';
  text: string;
}

export interface ImageContent {
  type: 'image';
  /** Base64-encoded bytes. */
  data: string;
  /** 'image/png', 'image/jpeg', 'image/gif' or 'image/webp'. */
  mediaType: string;
}

export type ToolContent = TextContent | ImageContent;

/**
 * What a tool returns: `content` for the model, `details` for hosts (exit code, diff, truncation
 * facts, ...). Hosts get the whole result in events; the model gets `content` after truncation.
 */
export interface ToolResult<TDetails = unknown> {
  content: ToolContent[];
  isError?: boolean;
  details?: TDetails;
}

/** Declares a tool with its argument type inferred from the schema. */
export function defineTool<TParameters extends TSchema, TDetails = unknown>(
  tool: Tool<TParameters, TDetails>,
): Tool<TParameters, TDetails> {
  return tool;
}

/** A text-only result. */
export function textResult<TDetails>(text: string, details?: TDetails): ToolResult<TDetails> {
  return details === undefined
    ? { content: [{ type: 'text', text }] }
    : { content: [{ type: 'text', text }], details };
}

/** A text-only error result. */
export function errorResult<TDetails>(text: string, details?: TDetails): ToolResult<TDetails> {
  return { ...textResult(text, details), isError: true };
}

/** The concatenated text parts of a result, as the model reads them. */
export function resultText(result: ToolResult): string {
  return result.content
    .filter((part): part is TextContent => part.type === 'text')
    .map((part) => part.text)
    .join('');
}
