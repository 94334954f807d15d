import type { JsonSchema } from '../types/request.js';

/**
 * A small JSON Schema validator for the subset tool parameters and structured output use: `type`
 * (one or a list, with 'integer' and 'null'), OpenAPI's `nullable`, `enum`, `const`, `properties`,
 * `required`, `additionalProperties` (boolean or schema), `items`, `minItems` / `maxItems`,
 * `minLength` / `maxLength`, `pattern`, `minimum` / `maximum` / `exclusiveMinimum` /
 * `exclusiveMaximum`, `anyOf` / `oneOf` / `allOf`, and local `$ref`s to `#/$defs/…` or
 * `#/definitions/…`. Other keywords (`format`, `description`, …) are accepted and not checked, so
 * the validator never rejects what a provider would let through on account of a keyword it skips.
 *
 * Returns the problems found, each as `path: what is wrong` (empty when the value is valid).
 */
export function validateJsonSchema(value: unknown, schema: JsonSchema): string[] {
  const problems: string[] = [];
  check(value, schema, '$', schema, problems);
  return problems;
}

type Schema = Record<string, unknown>;

function check(value: unknown, schema: unknown, path: string, root: Schema, problems: string[]): void {
  if (schema === true || schema === undefined) return;
  if (schema === false) {
    problems.push(`${path}: no value is allowed here`);
    return;
  }
  if (!isObject(schema)) return;
  const { $ref: ref, ...siblings } = schema;
  if (typeof ref === 'string') {
    // Keywords beside a $ref (OpenAPI's `nullable`, a description) apply together with its target.
    const target = resolveRef(ref, root);
    if (!isObject(target)) problems.push(`${path}: cannot resolve $ref ${ref}`);
    else check(value, { ...target, ...siblings }, path, root, problems);
    return;
  }

  if (!checkType(value, schema, path, problems)) return;
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => deepEqual(option, value))) {
    problems.push(`${path}: must be one of ${schema.enum.map((o) => JSON.stringify(o)).join(', ')}`);
  }
  if ('const' in schema && !deepEqual(schema.const, value)) {
    problems.push(`${path}: must be ${JSON.stringify(schema.const)}`);
  }
  if (typeof value === 'string') checkString(value, schema, path, problems);
  if (typeof value === 'number') checkNumber(value, schema, path, problems);
  if (Array.isArray(value)) checkArray(value, schema, path, root, problems);
  else if (isObject(value)) checkObject(value, schema, path, root, problems);
  checkCombinators(value, schema, path, root, problems);
}

/** Checks `type` / `nullable`; returns false when the type is wrong (further checks would only add noise). */
function checkType(value: unknown, schema: Schema, path: string, problems: string[]): boolean {
  const declared = schema.type;
  if (declared === undefined) return true;
  const types = (Array.isArray(declared) ? declared : [declared]).filter(
    (t): t is string => typeof t === 'string',
  );
  if (schema.nullable === true) types.push('null');
  if (types.length === 0 || types.some((type) => hasType(value, type))) return true;
  problems.push(`${path}: must be ${types.join(' or ')}, got ${describe(value)}`);
  return false;
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return true;
  }
}

function checkString(value: string, schema: Schema, path: string, problems: string[]): void {
  const length = [...value].length;
  if (typeof schema.minLength === 'number' && length < schema.minLength) {
    problems.push(`${path}: must have at least ${schema.minLength} characters`);
  }
  if (typeof schema.maxLength === 'number' && length > schema.maxLength) {
    problems.push(`${path}: must have at most ${schema.maxLength} characters`);
  }
  if (typeof schema.pattern === 'string') {
    let matches = true;
    try {
      matches = new RegExp(schema.pattern, 'u').test(value);
    } catch {
      // A pattern JavaScript cannot compile is not the value's fault.
    }
    if (!matches) problems.push(`${path}: must match /${schema.pattern}/`);
  }
}

function checkNumber(value: number, schema: Schema, path: string, problems: string[]): void {
  if (typeof schema.minimum === 'number' && value < schema.minimum)
    problems.push(`${path}: must be ≥ ${schema.minimum}`);
  if (typeof schema.maximum === 'number' && value > schema.maximum)
    problems.push(`${path}: must be ≤ ${schema.maximum}`);
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) {
    problems.push(`${path}: must be > ${schema.exclusiveMinimum}`);
  }
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) {
    problems.push(`${path}: must be < ${schema.exclusiveMaximum}`);
  }
}

function checkArray(value: unknown[], schema: Schema, path: string, root: Schema, problems: string[]): void {
  if (typeof schema.minItems === 'number' && value.length < schema.minItems) {
    problems.push(`${path}: must have at least ${schema.minItems} items`);
  }
  if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) {
    problems.push(`${path}: must have at most ${schema.maxItems} items`);
  }
  if (schema.items !== undefined && !Array.isArray(schema.items)) {
    value.forEach((item, i) => {
      check(item, schema.items, `${path}[${i}]`, root, problems);
    });
  }
}

function checkObject(value: Schema, schema: Schema, path: string, root: Schema, problems: string[]): void {
  const properties = isObject(schema.properties) ? schema.properties : {};
  if (Array.isArray(schema.required)) {
    for (const key of schema.required) {
      if (typeof key === 'string' && !(key in value))
        problems.push(`${path}: missing required property "${key}"`);
    }
  }
  for (const [key, child] of Object.entries(value)) {
    const childPath = `${path}.${key}`;
    if (key in properties) check(child, properties[key], childPath, root, problems);
    else if (schema.additionalProperties === false) problems.push(`${path}: unexpected property "${key}"`);
    else if (isObject(schema.additionalProperties))
      check(child, schema.additionalProperties, childPath, root, problems);
  }
}

function checkCombinators(
  value: unknown,
  schema: Schema,
  path: string,
  root: Schema,
  problems: string[],
): void {
  if (Array.isArray(schema.allOf)) {
    for (const sub of schema.allOf) check(value, sub, path, root, problems);
  }
  const passing = (subs: unknown[]) =>
    subs.filter((sub) => validateWith(value, sub, path, root).length === 0).length;
  if (Array.isArray(schema.anyOf) && passing(schema.anyOf) === 0) {
    problems.push(`${path}: matches none of the allowed shapes (anyOf)`);
  }
  if (Array.isArray(schema.oneOf)) {
    const count = passing(schema.oneOf);
    if (count !== 1) problems.push(`${path}: must match exactly one allowed shape (oneOf), matches ${count}`);
  }
}

function validateWith(value: unknown, schema: unknown, path: string, root: Schema): string[] {
  const problems: string[] = [];
  check(value, schema, path, root, problems);
  return problems;
}

function resolveRef(ref: string, root: Schema): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(node)) return undefined;
    node = node[key];
  }
  return node;
}

function isObject(value: unknown): value is Schema {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => k in b && deepEqual(a[k], b[k]));
  }
  return false;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && Number.isInteger(value)) return 'integer';
  return typeof value;
}
