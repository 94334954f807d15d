import { describe, expect, it } from 'vitest';
import { validateJsonSchema } from './validate-json-schema.js';

const PERSON = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1 },
    age: { type: 'integer', minimum: 0 },
    email: { type: ['string', 'null'], pattern: '^[^@]+@[^@]+$' },
    tags: { type: 'array', items: { type: 'string' }, maxItems: 2 },
    role: { enum: ['admin', 'user'] },
  },
  required: ['name', 'age'],
  additionalProperties: false,
};

describe('validateJsonSchema', () => {
  it('accepts a value that fits', () => {
    expect(
      validateJsonSchema({ name: 'Alice', age: 30, email: null, tags: ['a'], role: 'user' }, PERSON),
    ).toEqual([]);
  });

  it('names every problem with its path', () => {
    expect(
      validateJsonSchema(
        { name: '', age: 3.5, email: 'nope', tags: ['a', 'b', 1], role: 'root', extra: 1 },
        PERSON,
      ),
    ).toEqual([
      '$.name: must have at least 1 characters',
      '$.age: must be integer, got number',
      '$.email: must match /^[^@]+@[^@]+$/',
      '$.tags: must have at most 2 items',
      '$.tags[2]: must be string, got integer',
      '$.role: must be one of "admin", "user"',
      '$: unexpected property "extra"',
    ]);
  });

  it('reports missing required properties and a wrong root type', () => {
    expect(validateJsonSchema({ name: 'A' }, PERSON)).toEqual(['$: missing required property "age"']);
    expect(validateJsonSchema('Alice', PERSON)).toEqual(['$: must be object, got string']);
  });

  it('follows local $refs and OpenAPI nullable', () => {
    const schema = {
      type: 'object',
      properties: { home: { $ref: '#/$defs/place' }, work: { $ref: '#/$defs/place', nullable: true } },
      $defs: { place: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
    };
    expect(validateJsonSchema({ home: { city: 'SF' }, work: null }, schema)).toEqual([]);
    expect(validateJsonSchema({ home: {} }, schema)).toEqual(['$.home: missing required property "city"']);
  });

  it('checks anyOf, oneOf and allOf', () => {
    const anyOf = { anyOf: [{ type: 'string' }, { type: 'number' }] };
    expect(validateJsonSchema(1, anyOf)).toEqual([]);
    expect(validateJsonSchema(true, anyOf)).toEqual(['$: matches none of the allowed shapes (anyOf)']);
    const oneOf = { oneOf: [{ type: 'number' }, { type: 'integer' }] };
    expect(validateJsonSchema(1, oneOf)).toEqual([
      '$: must match exactly one allowed shape (oneOf), matches 2',
    ]);
    expect(validateJsonSchema(5, { allOf: [{ minimum: 1 }, { maximum: 3 }] })).toEqual(['$: must be ≤ 3']);
  });

  it('checks additionalProperties given as a schema, and ignores keywords it does not know', () => {
    const schema = {
      type: 'object',
      additionalProperties: { type: 'number' },
      format: 'whatever',
      'x-custom': 1,
    };
    expect(validateJsonSchema({ a: 1, b: 'two' }, schema)).toEqual(['$.b: must be number, got string']);
  });
});
