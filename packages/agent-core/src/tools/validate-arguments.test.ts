import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { invalidArgumentsMessage, validateArguments } from './validate-arguments.js';

const ReadParams = Type.Object({
  file_path: Type.String(),
  offset: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, default: 2000 })),
  verbose: Type.Optional(Type.Boolean()),
});

describe('validateArguments', () => {
  it('accepts valid arguments and fills schema defaults', () => {
    expect(validateArguments(ReadParams, { file_path: 'a.ts' })).toEqual({
      ok: true,
      value: { file_path: 'a.ts', limit: 2000 },
    });
  });

  it('names the parameter whose type is wrong and what was sent', () => {
    const result = validateArguments(ReadParams, { file_path: 42 });
    expect(result).toEqual({ ok: false, problems: ['parameter "file_path" must be string (got number 42)'] });
  });

  it('names a missing required parameter', () => {
    expect(validateArguments(ReadParams, {})).toEqual({
      ok: false,
      problems: ['missing required parameter "file_path"'],
    });
  });

  it('accepts numbers and booleans sent as strings', () => {
    expect(validateArguments(ReadParams, { file_path: 'a', offset: '12', verbose: 'true' })).toMatchObject({
      ok: true,
      value: { offset: 12, verbose: true },
    });
  });

  it('does not turn a non-integer string into an integer', () => {
    const result = validateArguments(ReadParams, { file_path: 'a', offset: '1.5' });
    expect(result.ok).toBe(false);
  });

  it('rejects arguments that are not an object', () => {
    expect(validateArguments(ReadParams, 'a.ts')).toEqual({
      ok: false,
      problems: ['the arguments must be a JSON object, got "a.ts"'],
    });
    expect(validateArguments(ReadParams, null).ok).toBe(false);
  });

  it('names nested parameters with their path', () => {
    const schema = Type.Object({ edits: Type.Array(Type.Object({ old_string: Type.String() })) });
    expect(validateArguments(schema, { edits: [{ old_string: 1 }] })).toEqual({
      ok: false,
      problems: ['parameter "edits[0].old_string" must be string (got number 1)'],
    });
  });

  it('lists the allowed values of an enum or a union of literals', () => {
    const union = Type.Object({ mode: Type.Union([Type.Literal('content'), Type.Literal('count')]) });
    const plain = Type.Object({ mode: Type.Enum(['content', 'count']) });
    const expected = {
      ok: false,
      problems: ['parameter "mode" must be one of "content", "count" (got "lines")'],
    };
    expect(validateArguments(union, { mode: 'lines' })).toEqual(expected);
    expect(validateArguments(plain, { mode: 'lines' })).toEqual(expected);
  });

  it('writes a message that tells the model to retry', () => {
    expect(invalidArgumentsMessage('read_file', ['missing required parameter "file_path"'])).toBe(
      'Invalid arguments for tool read_file: missing required parameter "file_path". Fix the arguments and call read_file again.',
    );
  });
});
