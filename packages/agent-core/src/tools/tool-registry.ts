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

  /** Adds `tool`, or replaces the tool of the same name. Throws on a name providers refuse. */
  register(tool: Tool): void {
    if (!TOOL_NAME.test(tool.name)) {
      throw new TypeError(
        `Tool name "${tool.name}" is not accepted by providers: use 1–64 letters, digits, "_" or "-".`,
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

  /** The tools as @weft/llm definitions: name, description, and the parameters as plain JSON Schema. */
  definitions(): ToolDefinition[] {
    this.cachedDefinitions ??= this.list().map((tool) => ({
      name: tool.name,
      description: tool.description,
      parameters: toJsonSchema(tool.parameters),
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

/**
 * A TypeBox schema is JSON Schema already; its bookkeeping lives in non-enumerable keys
 * ('~kind', '~optional'), which a JSON round trip leaves out, giving a plain, frozen-in-time copy.
 */
function toJsonSchema(schema: unknown): JsonSchema {
  return JSON.parse(JSON.stringify(schema)) as JsonSchema;
}
