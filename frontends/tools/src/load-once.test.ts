import { describe, expect, test, vi } from 'vitest';
import { loadOnce } from './load-once.ts';

describe('loadOnce', () => {
  test('fetches once, however often it is asked, and then holds the result', async () => {
    const load = vi.fn(async () => 'module');
    const once = loadOnce(load);
    expect(once.value).toBeUndefined();
    const [a, b] = await Promise.all([once(), once()]);
    expect([a, b]).toEqual(['module', 'module']);
    expect(once.value).toBe('module');
    await once();
    expect(load).toHaveBeenCalledOnce();
  });

  test('a failed fetch is not kept: the next call fetches again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('Loading chunk 9513 failed.'))
      .mockResolvedValueOnce('module');
    const once = loadOnce(load);
    await expect(once()).rejects.toThrow('Loading chunk 9513 failed.');
    expect(once.value).toBeUndefined();
    await expect(once()).resolves.toBe('module');
    expect(once.value).toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
