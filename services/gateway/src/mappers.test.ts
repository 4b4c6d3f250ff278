import { describe, expect, test } from 'vitest';
import { fakeFile, fakeJob } from '../test/support.ts';
import { toFile, toJob } from './mappers.ts';

describe('mappers', () => {
  test('a File never exposes internal fields, and omits absent optionals', () => {
    const file = toFile(
      fakeFile({
        width: undefined,
        height: undefined,
        duration: undefined,
        fps: undefined,
        hasAudio: undefined,
      }),
    );
    expect(file).toEqual({
      id: 'file1',
      name: 'clip.mp4',
      size: 1234,
      mime: 'video/mp4',
      media: 'video',
      source: 'upload',
      createdAt: '2025-01-01T00:00:00.000Z',
      expiresAt: '2025-01-01T01:00:00.000Z',
    });
  });

  test('a File from JSON with a string size gets a number', () => {
    expect(toFile({ ...fakeFile(), size: '42' as unknown as number }).size).toBe(42);
  });

  test('a Job parses its params and keeps 0 values', () => {
    const job = toJob(fakeJob({ paramsJson: '{"start":0,"end":3.5}', progress: 0, queuePosition: 0 }));
    expect(job.params).toEqual({ start: 0, end: 3.5 });
    expect(job.progress).toBe(0);
    expect(job.queuePosition).toBe(0);
    expect(job).not.toHaveProperty('ownerId');
    expect(job).not.toHaveProperty('archive');
    expect(job).not.toHaveProperty('error');
    expect(toJob(fakeJob({ paramsJson: 'not json' })).params).toEqual({});
  });
});
