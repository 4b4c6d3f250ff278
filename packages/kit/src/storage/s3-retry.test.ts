import { describe, expect, it } from 'vitest';
import { withS3Retry } from './s3-retry.ts';

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('withS3Retry', () => {
  it('retries through a refused connection and a 503 until the call succeeds', async () => {
    const errors = [failure('ECONNREFUSED'), failure('ServiceUnavailable')];
    let calls = 0;
    const result = await withS3Retry(async () => {
      calls += 1;
      const error = errors.shift();
      if (error) throw error;
      return 'stored';
    }, [0, 0, 0]);
    expect(result).toBe('stored');
    expect(calls).toBe(3);
  });

  it('gives up after the last delay with the last error', async () => {
    let calls = 0;
    const call = async () => {
      calls += 1;
      throw failure('ECONNRESET');
    };
    await expect(withS3Retry(call, [0, 0])).rejects.toThrow('ECONNRESET');
    expect(calls).toBe(3);
  });

  it('does not retry an answer that will not change (a missing key, denied access)', async () => {
    for (const code of ['NoSuchKey', 'AccessDenied']) {
      let calls = 0;
      const call = async () => {
        calls += 1;
        throw failure(code);
      };
      await expect(withS3Retry(call, [0, 0])).rejects.toThrow(code);
      expect(calls).toBe(1);
    }
  });
});
