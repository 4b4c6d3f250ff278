import { describe, expect, test } from 'vitest';
import {
  ApiRequestError,
  describeError,
  ERROR_TEXT,
  errorFromResponse,
  errorText,
  isApiRequestError,
} from './errors.ts';

describe('error text order: message, else error_msg, else "An error occurred"', () => {
  test('message wins', () => {
    expect(errorText({ message: 'Plan limit reached.', error_msg: 'other' })).toEqual({
      message: 'Plan limit reached.',
    });
  });
  test('error_msg when there is no message', () => {
    expect(errorText({ error_msg: 'ffmpeg failed' })).toEqual({ message: 'ffmpeg failed' });
    expect(errorText({ message: '   ', error_msg: 'ffmpeg failed' })).toEqual({ message: 'ffmpeg failed' });
  });
  test('the fallback text otherwise', () => {
    expect(ERROR_TEXT.fallback).toBe('An error occurred');
    expect(errorText({})).toEqual({ message: 'An error occurred' });
    expect(errorText(undefined)).toEqual({ message: 'An error occurred' });
    expect(errorText('oops')).toEqual({ message: 'An error occurred' });
  });
  test('error_log comes along when present', () => {
    expect(errorText({ message: 'Failed.', error_log: 'line 1\nline 2' })).toEqual({
      message: 'Failed.',
      log: 'line 1\nline 2',
    });
  });
});

describe('errors from responses', () => {
  test('status, code, details and log from the API error body', async () => {
    const response = new Response(
      JSON.stringify({
        code: 'validation_failed',
        message: 'Check the form.',
        details: [{ field: 'email' }],
        error_log: 'log',
      }),
      { status: 400 },
    );
    const error = await errorFromResponse(response);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: 'validation_failed',
      message: 'Check the form.',
      log: 'log',
    });
    expect(error.details).toEqual([{ field: 'email' }]);
  });
  test('a body that is not JSON gives the fallback text', async () => {
    const error = await errorFromResponse(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(error.message).toBe('An error occurred');
    expect(error.status).toBe(502);
  });
  test('errors are recognised across bundles by name, and described for the dialog', () => {
    const foreign = Object.assign(new Error('From a remote'), { name: 'ApiRequestError', status: 409 });
    expect(isApiRequestError(foreign)).toBe(true);
    expect(isApiRequestError(new Error('x'))).toBe(false);
    expect(describeError(new ApiRequestError('Nope.', { log: 'trace' }))).toEqual({
      message: 'Nope.',
      log: 'trace',
    });
    expect(describeError('weird')).toEqual({ message: 'An error occurred' });
  });
});
