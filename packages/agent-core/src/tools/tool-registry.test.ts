import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { defineTool, textResult } from './tool.js';
import { ToolRegistry } from './tool-registry.js';

const tool = (name: string, description = `${name} tool`) =>
  defineTool({
    name,
    description,
    parameters: Type.Object({
      path: Type.String({ description: 'A path' }),
      depth: Type.Optional(Type.Integer()),
    }),
    execute: async () => textResult(description),
  });

describe('ToolRegistry', () => {
  it('registers, gets and lists tools in registration order', () => {
    const registry = new ToolRegistry([tool('read_file'), tool('shell')]);
    expect(registry.names()).toEqual(['read_file', 'shell']);
    expect(registry.get('shell')?.description).toBe('shell tool');
    expect(registry.get('missing')).toBeUndefined();
  });

  it('lets the latest registration of a name win, keeping its place in the order', () => {
    const registry = new ToolRegistry([tool('read_file'), tool('shell')]);
    registry.register(tool('read_file', 'the host’s read_file'));
    expect(registry.names()).toEqual(['read_file', 'shell']);
    expect(registry.get('read_file')?.description).toBe('the host’s read_file');
  });

  it('unregisters by name', () => {
    const registry = new ToolRegistry([tool('a'), tool('b')]);
    expect(registry.unregister('a')).toBe(true);
    expect(registry.unregister('a')).toBe(false);
    expect(registry.names()).toEqual(['b']);
  });

  it('gives definitions with the parameters as plain JSON Schema', () => {
    const registry = new ToolRegistry([tool('read_file')]);
    const definition = registry.definitions()[0]!;
    expect(definition).toEqual({
      name: 'read_file',
      description: 'read_file tool',
      parameters: {
        type: 'object',
        required: ['path'],
        properties: { path: { type: 'string', description: 'A path' }, depth: { type: 'integer' } },
      },
    });
    expect(Object.getOwnPropertyNames(definition.parameters.properties as object)).toEqual(['path', 'depth']);
    expect(
      Object.getOwnPropertyNames((definition.parameters.properties as Record<string, object>).depth),
    ).toEqual(['type']);
  });

  it('reuses its definitions until the registry changes', () => {
    const registry = new ToolRegistry([tool('a')]);
    const first = registry.definitions();
    expect(registry.definitions()).toBe(first);
    registry.register(tool('b'));
    expect(registry.definitions()).not.toBe(first);
    expect(registry.definitions().map((d) => d.name)).toEqual(['a', 'b']);
  });

  it('refuses a name providers would refuse', () => {
    expect(() => new ToolRegistry([tool('read file')])).toThrow(/not accepted by providers/);
  });
});
