import { afterEach, describe, expect, test, vi } from 'vitest';
import { followJob } from './job-events.ts';
import type { Job } from './types.ts';

const done = { id: 'j1', status: 'succeeded', outputs: [] } as unknown as Job;
const stream = (text: string) =>
  new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });
const refused = () =>
  new Response(JSON.stringify({ code: 'unauthorized', message: 'Sign in again.' }), {
    status: 401,
    headers: { 'content-type': 'application/json' },
  });

/** Follows job j1 against answers given in order; resolves with how it ended and what was sent. */
function follow(answers: (() => Response)[]) {
  const sent: (string | undefined)[] = [];
  const asked: { renew?: boolean }[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push((init.headers as Record<string, string>).authorization);
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next();
  });
  let token = 0;
  return new Promise<{ ended?: Job; error?: unknown; sent: typeof sent; asked: typeof asked }>((resolve) => {
    followJob(
      'j1',
      async (options) => {
        asked.push(options);
        if (options.renew) token++;
        return { authorization: `Bearer t${token}` };
      },
      {
        onProgress: () => {},
        onEnd: (job) => resolve({ ended: job, sent, asked }),
        onError: (error) => resolve({ error, sent, asked }),
      },
    );
  });
}

describe('job event stream', () => {
  afterEach(() => vi.unstubAllGlobals());

  test('a refused bearer is renewed through the shell once, and the stream opened again', async () => {
    const result = await follow([
      refused,
      () => stream(`event: succeeded\ndata: ${JSON.stringify(done)}\n\n`),
    ]);
    expect(result.ended).toEqual(done);
    expect(result.asked).toEqual([{ renew: false }, { renew: true }]);
    expect(result.sent).toEqual(['Bearer t0', 'Bearer t1']);
  });

  test('refused again after the renewal: the error is reported, no endless retries', async () => {
    const result = await follow([refused, refused]);
    expect(result.error).toMatchObject({ status: 401, message: 'Sign in again.' });
    expect(result.sent).toHaveLength(2);
  });
});
