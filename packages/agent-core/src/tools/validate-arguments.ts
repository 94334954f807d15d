import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';

export type ArgumentValidation<T> = { ok: true; value: T } | { ok: false; problems: string[] };

/**
 * Checks tool-call arguments against a tool's schema. Defaults from the schema are filled in, and
 * a number or boolean the model sent as a string ("10", "true") is accepted when the schema wants
 * a number or boolean, since that is a formatting slip rather than a wrong value. Anything else
 * that does not match is reported with the parameter's name, so the model can fix its call.
 */
export function validateArguments<TParameters extends TSchema>(
  schema: TParameters,
  args: unknown,
): ArgumentValidation<Static<TParameters>> {
  if (args === null || typeof args !== 'object' || Array.isArray(args)) {
    return { ok: false, problems: [`the arguments must be a JSON object, got ${describeValue(args)}`] };
  }
  const candidate = coerceScalarStrings(schema, Value.Default(schema, Value.Clone(args)));
  if (Value.Check(schema, candidate)) return { ok: true, value: candidate as Static<TParameters> };
  const errors = [...Value.Errors(schema, candidate)] as SchemaError[];
  const problems: string[] = [];
  for (const error of collapseAlternatives(errors)) {
    const problem = describeError(error, candidate);
    if (!problems.includes(problem)) problems.push(problem);
  }
  return { ok: false, problems: problems.length > 0 ? problems : ['the arguments do not match the schema'] };
}

/** The message the model sees for invalid arguments. */
export function invalidArgumentsMessage(toolName: string, problems: readonly string[]): string {
  return `Invalid arguments for tool ${toolName}: ${problems.join('; ')}. Fix the arguments and call ${toolName} again.`;
}

interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

/**
 * A union of literals fails as one `const` error per literal plus an `anyOf`; the model needs one
 * line listing the allowed values, as a plain `enum` gives.
 */
function collapseAlternatives(errors: readonly SchemaError[]): SchemaError[] {
  const literalsAt = new Map<string, unknown[]>();
  for (const error of errors) {
    if (error.keyword !== 'const') continue;
    const values = literalsAt.get(error.instancePath) ?? [];
    values.push(error.params.allowedValue);
    literalsAt.set(error.instancePath, values);
  }
  const collapsed: SchemaError[] = [];
  for (const error of errors) {
    const literals = literalsAt.get(error.instancePath);
    if (!literals) collapsed.push(error);
    else if (error.keyword === 'anyOf') {
      collapsed.push({ ...error, keyword: 'enum', params: { allowedValues: literals } });
    }
  }
  return collapsed;
}

function describeError(error: SchemaError, root: unknown): string {
  if (error.keyword === 'required') {
    const base = parameterName(error.instancePath);
    const missing = (error.params.requiredProperties as string[] | undefined) ?? [];
    const names = missing.map((name) => `"${base ? `${base}.${name}` : name}"`);
    return names.length === 1
      ? `missing required parameter ${names[0]}`
      : `missing required parameters ${names.join(', ')}`;
  }
  if (error.keyword === 'additionalProperties') {
    const extra = (error.params.additionalProperties as string[] | undefined) ?? [];
    return `unknown parameter${extra.length === 1 ? '' : 's'} ${extra.map((n) => `"${n}"`).join(', ')}`;
  }
  const name = parameterName(error.instancePath);
  const value = valueAt(root, error.instancePath);
  const subject = name ? `parameter "${name}"` : 'the arguments';
  const allowed =
    error.keyword === 'enum' ? (error.params.allowedValues as unknown[] | undefined) : undefined;
  const rule = allowed ? `must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}` : error.message;
  return `${subject} ${rule} (got ${describeValue(value)})`;
}

/** '/edits/0/old_string' → 'edits[0].old_string' */
function parameterName(instancePath: string): string {
  return instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name ? `${name}.${part}` : part), '');
}

function valueAt(root: unknown, instancePath: string): unknown {
  let value: unknown = root;
  for (const part of instancePath.split('/').slice(1)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value;
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string')
    return value.length > 40 ? `a string of ${value.length} characters` : JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

/** Converts "12" → 12 and "true" → true for top-level properties whose schema asks for that type. */
function coerceScalarStrings(schema: TSchema, args: unknown): unknown {
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties;
  if (!properties || args === null || typeof args !== 'object') return args;
  const record = args as Record<string, unknown>;
  for (const [key, propertySchema] of Object.entries(properties)) {
    const raw = record[key];
    if (typeof raw !== 'string') continue;
    const type = propertySchema?.type;
    const trimmed = raw.trim();
    if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(trimmed)) {
      const number = Number(trimmed);
      if (type === 'number' || Number.isInteger(number)) record[key] = number;
    } else if (type === 'boolean' && (trimmed === 'true' || trimmed === 'false')) {
      record[key] = trimmed === 'true';
    }
  }
  return record;
}
