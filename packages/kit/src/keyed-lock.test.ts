import { describe, expect, it } from 'vitest';
import { KeyedLock } from './keyed-lock.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('KeyedLock', () => {
  it('runs tasks of one key one after another, in order', async () => {
    const serializer = new KeyedLock();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
      return name;
    };
    const results = await Promise.all([serializer.run('k', task('a')), serializer.run('k', task('b'))]);
    expect(results).toEqual(['a', 'b']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });

  it('runs tasks of different keys side by side', async () => {
    const serializer = new KeyedLock();
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} start`);
      await tick();
      log.push(`${name} end`);
    };
    await Promise.all([serializer.run('x', task('x')), serializer.run('y', task('y'))]);
    expect(log.slice(0, 2)).toEqual(['x start', 'y start']);
  });

  it('goes on after a failed task, and forgets keys with nothing left to run', async () => {
    const serializer = new KeyedLock();
    const failed = serializer.run('k', async () => {
      throw new Error('boom');
    });
    const next = serializer.run('k', async () => 'next');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('next');
    await tick();
    expect(serializer.size).toBe(0);
  });
});
