import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { describe, expect, test } from 'vitest';
import { issuesFromValidation, summarize } from './validation.ts';

describe('validation messages', () => {
  test('one issue per field, in words', () => {
    const schema = Type.Object(
      {
        name: Type.String({ minLength: 1 }),
        count: Type.Integer({ minimum: 1 }),
        kind: Type.Union([Type.Literal('a'), Type.Literal('b')]),
      },
      { additionalProperties: false },
    );
    const issues = issuesFromValidation(
      Compile(schema).Errors({ count: 0, kind: 'c', extra: 1 }) as never,
      'body',
    );
    expect(issues).toEqual([
      { field: 'name', message: 'name is required' },
      { field: 'extra', message: 'extra is not accepted here' },
      { field: 'count', message: 'count must be at least 1' },
      { field: 'kind', message: 'kind must be one of a, b' },
    ]);
    expect(summarize(issues)).toBe(
      'name is required; extra is not accepted here; count must be at least 1; kind must be one of a, b.',
    );
  });
});
