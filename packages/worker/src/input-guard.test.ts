import { createLogger } from '@mediakit/kit';
import { describe, expect, it } from 'vitest';
import { guardAllHandlers, type InputLimitsCheck, refuseInputsOverLimits } from './input-guard.ts';
import { JobFailure, type JobInput, type ToolHandler } from './types.ts';

const log = createLogger('input-guard-test', 'silent');
/** The test's inputs carry their size in `width`, the one number the check reads. */
const input = (name: string, width: number) => ({ name, width, path: `/tmp/${name}` }) as unknown as JobInput;

/** A check on the size only: "<name> is too big" per input over `max`. */
const sizeCheck = (
  max: number,
  measured: string[] = [],
): InputLimitsCheck<{ name: string; size: number }> => ({
  kind: 'test',
  measure: async (i) => {
    measured.push(i.name);
    return i.media === 'audio' ? undefined : { name: i.name, size: i.width ?? 0 };
  },
  check: (m) => (m.size > max ? [`${m.name} is too big.`] : []),
});

describe('refuseInputsOverLimits', () => {
  it('lets inputs within the limits through', async () => {
    const ctx = { inputs: [input('a.png', 1)], signal: new AbortController().signal, log };
    await expect(refuseInputsOverLimits(ctx, sizeCheck(10))).resolves.toBeUndefined();
  });

  it('fails with the first sentence and logs every one', async () => {
    const ctx = {
      inputs: [input('a.png', 1), input('b.png', 20), input('c.png', 30)],
      signal: new AbortController().signal,
      log,
    };
    const failure = await refuseInputsOverLimits(ctx, sizeCheck(10)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(JobFailure);
    expect((failure as JobFailure).message).toBe('b.png is too big.');
    expect((failure as JobFailure).log).toBe('b.png is too big.\nc.png is too big.');
  });

  it('stops measuring once the job is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('canceled'));
    const measured: string[] = [];
    const ctx = { inputs: [input('a.png', 1)], signal: controller.signal, log };
    await expect(refuseInputsOverLimits(ctx, sizeCheck(10, measured))).rejects.toThrow('canceled');
    expect(measured).toEqual([]);
  });
});

describe('guardAllHandlers', () => {
  it('wraps every handler of the table with the guard and its limits', async () => {
    const calls: string[] = [];
    const handler: ToolHandler = async () => [];
    const guard =
      <P>(inner: ToolHandler<P>, limit: number): ToolHandler<P> =>
      async (ctx) => {
        calls.push(`${ctx.tool}:${limit}`);
        return inner(ctx);
      };
    const guarded = guardAllHandlers({ one: handler, two: handler }, 7, guard);
    expect(Object.keys(guarded)).toEqual(['one', 'two']);
    await guarded.two({ tool: 'two' } as Parameters<ToolHandler>[0]);
    expect(calls).toEqual(['two:7']);
  });
});
