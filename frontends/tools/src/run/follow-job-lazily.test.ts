import { describe, expect, test, vi } from 'vitest';

// The event stream's code cannot be fetched (the page went offline after it loaded).
vi.mock('../api/job-events.ts', () => {
  throw new Error('Loading chunk 7971 failed.');
});

const { followJobLazily } = await import('./follow-job-lazily.ts');

describe('following a job whose stream code cannot load', () => {
  test('the user is told the job keeps running and what to do, not a chunk error', async () => {
    const onError = vi.fn();
    followJobLazily('job-1', async () => ({}), { onProgress: vi.fn(), onEnd: vi.fn(), onError });
    await vi.waitFor(() => expect(onError).toHaveBeenCalledOnce());
    const message = (onError.mock.calls[0][0] as Error).message;
    expect(message).toContain('The job keeps running');
    expect(message).toContain('reload the page');
    expect(message).not.toContain('chunk');
  });

  test('nothing is reported once the page stopped following', async () => {
    const onError = vi.fn();
    const stop = followJobLazily('job-2', async () => ({}), { onProgress: vi.fn(), onEnd: vi.fn(), onError });
    stop();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(onError).not.toHaveBeenCalled();
  });
});
