import type { Tool } from '@weft/agent-core';
import { expect, it } from 'vitest';

/** The interface facts of one parameter: what the reference notes pin down. */
export interface ParameterFacts {
  type: string;
  required?: true;
  enum?: readonly string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  /** For arrays: the facts of each item's properties. */
  items?: ObjectFacts;
  /** For objects: their properties. */
  properties?: ObjectFacts;
}

export interface ObjectFacts {
  /** True when the schema says `additionalProperties: false`; absent when it says nothing. */
  closed?: true;
  parameters: Record<string, ParameterFacts>;
}

interface JsonSchema {
  type?: string;
  enum?: string[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: unknown;
}

const FACT_KEYS = [
  'enum',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
] as const;

/**
 * Reads a tool's JSON Schema back as the facts the reference notes list (types, required
 * flags, enums, defaults, limits), leaving out descriptions, which are ours.
 */
export function objectFacts(schema: JsonSchema): ObjectFacts {
  const required = new Set(schema.required ?? []);
  const parameters: Record<string, ParameterFacts> = {};
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const facts: ParameterFacts = { type: property.type ?? 'unknown' };
    if (required.has(name)) facts.required = true;
    for (const key of FACT_KEYS) {
      if (property[key] !== undefined) (facts as unknown as Record<string, unknown>)[key] = property[key];
    }
    if (property.type === 'array' && property.items) {
      facts.items =
        property.items.type === 'object'
          ? objectFacts(property.items)
          : { parameters: { '': { type: property.items.type ?? 'unknown' } } };
    }
    if (property.type === 'object' && property.properties) facts.properties = objectFacts(property);
    parameters[name] = facts;
  }
  return schema.additionalProperties === false ? { closed: true, parameters } : { parameters };
}

export function toolFacts(tool: Tool): ObjectFacts {
  return objectFacts(tool.parameters as JsonSchema);
}

/**
 * The two checks every profile's schema test makes, one test per tool: each tool named in
 * `reference` is offered with exactly those facts, and each tool in `omitted` leaves out the
 * parameters listed there (the ones the profile documents as not offered).
 */
export function itMatchesReferenceSchemas(
  tools: readonly Tool[],
  reference: Record<string, ObjectFacts>,
  omitted: Record<string, readonly string[]>,
): void {
  it.each(Object.entries(reference))('%s has the reference parameters', (name, expected) => {
    const tool = tools.find((candidate) => candidate.name === name);
    expect(tool, `tool ${name}`).toBeDefined();
    expect(toolFacts(tool as Tool)).toEqual(expected);
  });

  it.each(Object.entries(omitted))('%s leaves out only the documented parameters', (name, parameters) => {
    const tool = tools.find((candidate) => candidate.name === name);
    expect(tool, `tool ${name}`).toBeDefined();
    const offered = Object.keys(toolFacts(tool as Tool).parameters);
    for (const parameter of parameters) expect(offered).not.toContain(parameter);
  });
}
