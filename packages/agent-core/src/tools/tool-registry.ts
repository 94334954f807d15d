import type { JsonSchema, ToolDefinition } from '@weft/llm';
import type { Tool } from './tool.js';

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

/**
 * The tools a session offers, by name (loop spec §3.8). Registering a name that is already there
 * replaces the tool (the latest registration wins, so a host's tool overrides a profile's) and
 * keeps its place in the order, so the tool list a provider caches stays stable.
 *
 * `definitions()` is what requests carry; it is cached until the registry changes, since every
 * model call asks for it.
 */
export class ToolRegistry {
  private readonly tools = new Map<string, Tool>();
  private cachedDefinitions: ToolDefinition[] | undefined;
  private cachedList: Tool[] | undefined;

  constructor(tools: Iterable<Tool> = []) {
    for (const tool of tools) this.register(tool);
  }

  /**
   * Adds `tool`, or replaces the tool of the same name. Throws on a name providers refuse, and on
   * a freeform tool (one with a `format`) whose parameters are not `{ input: string }`.
   */
  register(tool: Tool): void {
    if (!TOOL_NAME.test(tool.name)) {
      throw new TypeError(
        `Tool name "${tool.name}" is not accepted by providers: use 1–64 letters, digits, "_" or "-".`,
      );
    }
    if (tool.format !== undefined && !takesInputString(tool.parameters)) {
      throw new TypeError(
        `Tool "${tool.name}" is freeform (it has a format), so its parameters must be { input: string } (FREEFORM_PARAMETERS): the form providers without freeform tools are offered, and what execute receives.`,
      );
    }
    this.tools.set(tool.name, tool);
    this.invalidate();
  }

  /** Removes the tool named `name`; returns whether there was one. */
  unregister(name: string): boolean {
    const removed = this.tools.delete(name);
    if (removed) this.invalidate();
    return removed;
  }

  get(name: string): Tool | undefined {
    return this.tools.get(name);
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  /** The tools in offer order. */
  list(): readonly Tool[] {
    this.cachedList ??= [...this.tools.values()];
    return this.cachedList;
  }

  /**
   * The tools as @weft/llm definitions: name, description, the parameters as plain JSON Schema,
   * and a freeform tool's `format` (which makes it a custom tool where the provider has them).
   */
  definitions(): ToolDefinition[] {
    this.cachedDefinitions ??= this.list().map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: toJsonSchema(tool.parameters),
      ...(tool.format === undefined ? {} : { format: tool.format }),
    }));
    return this.cachedDefinitions;
  }

  get size(): number {
    return this.tools.size;
  }

  private invalidate(): void {
    this.cachedDefinitions = undefined;
    this.cachedList = undefined;
  }
}

/** An object schema whose required `input` is a string: a freeform tool's JSON form. */
function takesInputString(schema: unknown): boolean {
  const object = schema as {
    type?: unknown;
    properties?: Record<string, { type?: unknown }>;
    required?: unknown;
  };
  return (
    object.type === 'object' &&
    object.properties?.input?.type === 'string' &&
    Array.isArray(object.required) &&
    object.required.includes('input')
  );
}

/**
 * A TypeBox schema is JSON Schema already; its bookkeeping lives in non-enumerable keys
 * ('~kind', '~optional'), which a JSON round trip leaves out, giving a plain, frozen-in-time copy.
 */
function toJsonSchema(schema: unknown): JsonSchema {
  return JSON.parse(JSON.stringify(schema)) as JsonSchema;
}
