import { ApiError, loadConfig } from '@mediakit/kit';
import { describe, expect, it } from 'vitest';
import { checkEmail, checkName, checkPassword, normalizeEmail } from './credential-rules.ts';
import { authEnv, originsFrom } from './env.ts';

const rules = loadConfig(authEnv, {});

/** The 400's field and message, or undefined when `run` passes. */
function failure(run: () => unknown): { status: number; field: unknown; message: string } | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const detail = error.details?.[0] as { field: string; message: string };
    expect(detail.message).toBe(error.message);
    return { status: error.status, field: detail.field, message: error.message };
  }
}

describe('email', () => {
  it('is trimmed and lower-cased', () => {
    expect(normalizeEmail('  Ann.Lee@Example.COM \n')).toBe('ann.lee@example.com');
    expect(checkEmail(' Ann@Example.com')).toBe('ann@example.com');
  });

  it.each([
    '',
    '   ',
    'ann',
    'ann@',
    '@example.com',
    'ann@example',
    'a nn@example.com',
    'ann@@example.com',
    'ann@example.',
  ])('refuses %j with a 400 naming email', (email) => {
    expect(failure(() => checkEmail(email))).toMatchObject({ status: 400, field: 'email' });
  });

  it('refuses addresses longer than 254 characters', () => {
    expect(failure(() => checkEmail(`${'a'.repeat(250)}@example.com`))).toMatchObject({ field: 'email' });
  });
});

describe('password rules', () => {
  it('default: at least 10 characters, counted as a person counts them', () => {
    expect(failure(() => checkPassword('correct horse', rules))).toBeUndefined();
    expect(failure(() => checkPassword('123456789', rules))).toEqual({
      status: 400,
      field: 'password',
      message: 'The password must be at least 10 characters long.',
    });
    // Nine emoji are nine characters (eighteen UTF-16 units): still too short.
    expect(failure(() => checkPassword('🔑'.repeat(9), rules))).toMatchObject({ field: 'password' });
    expect(failure(() => checkPassword('🔑'.repeat(10), rules))).toBeUndefined();
  });

  it('names the field it was given', () => {
    expect(failure(() => checkPassword('short', rules, 'new_password'))).toMatchObject({
      field: 'new_password',
    });
  });

  it('caps the length', () => {
    expect(failure(() => checkPassword('x'.repeat(257), rules))?.message).toBe(
      'The password must be at most 256 characters long.',
    );
  });

  it('refuses the email as the password', () => {
    expect(
      failure(() => checkPassword('Ann@Example.com', rules, 'password', 'ann@example.com'))?.message,
    ).toBe('The password must not be your email address.');
  });

  it('takes its limits from the environment', () => {
    const strict = loadConfig(authEnv, { PASSWORD_MIN_LENGTH: '12', PASSWORD_MIN_CHARACTER_CLASSES: '3' });
    expect(failure(() => checkPassword('abcdefghijk', strict))?.message).toMatch(/at least 12/);
    expect(failure(() => checkPassword('abcdefghijkl', strict))?.message).toMatch(/mix at least 3/);
    expect(failure(() => checkPassword('abcdefghijK1', strict))).toBeUndefined();
    expect(failure(() => checkPassword('abcdefghij-K', strict))).toBeUndefined();
    expect(() => loadConfig(authEnv, { PASSWORD_MIN_LENGTH: '4' })).toThrow(/PASSWORD_MIN_LENGTH/);
  });
});

describe('name', () => {
  it('is trimmed and may be empty', () => {
    expect(checkName('  Ann Lee ')).toBe('Ann Lee');
    expect(checkName('')).toBe('');
  });

  it('is at most 100 characters', () => {
    expect(failure(() => checkName('x'.repeat(101)))).toMatchObject({ status: 400, field: 'name' });
  });
});

describe('auth environment', () => {
  it('has the documented defaults', () => {
    expect(rules).toMatchObject({
      GRPC_PORT: 50051,
      HTTP_PORT: 8083,
      GATEWAY_PORT: 8080,
      ACCESS_TOKEN_TTL_SECONDS: 900,
      REFRESH_TOKEN_TTL_DAYS: 30,
      PASSWORD_MIN_LENGTH: 10,
      ARGON2_MEMORY_KIB: 19_456,
      ARGON2_TIME_COST: 2,
      ARGON2_PARALLELISM: 1,
    });
    expect(rules.PUBLIC_URL).toBeUndefined();
    expect(rules.JWT_PRIVATE_KEYS).toBeUndefined();
    expect(rules.ADMIN_EMAIL).toBeUndefined();
  });

  it('refuses a PUBLIC_URL that is not an http(s) URL', () => {
    expect(() => loadConfig(authEnv, { PUBLIC_URL: 'localhost:8080' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig(authEnv, { PUBLIC_URL: 'https://media.example/' })).toThrow(/PUBLIC_URL/);
    expect(originsFrom(loadConfig(authEnv, { PUBLIC_URL: 'https://media.example' })).canonical).toBe(
      'https://media.example',
    );
    // Unset: sign-in at this machine's addresses on the gateway's port, localhost first.
    expect(originsFrom(loadConfig(authEnv, { GATEWAY_PORT: '8081' })).canonical).toBe(
      'http://localhost:8081',
    );
  });
});
