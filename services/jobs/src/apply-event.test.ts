import type { JobEvent } from '@mediakit/kit';
import type { filesV1 } from '@mediakit/proto';
import { describe, expect, it } from 'vitest';
import { applyEvent, type JobPatch } from './apply-event.ts';
import type { JobDoc, JobStatus } from './job.ts';

const T0 = '2030-01-01T00:00:00.000Z';
const T1 = '2030-01-01T00:00:05.000Z';

function job(overrides: Partial<JobDoc> = {}): JobDoc {
  return {
    _id: 'job1',
    ownerId: 'owner1',
    tool: 'png-to-jpg',
    worker: 'imager',
    status: 'queued',
    progress: 0,
    inputs: ['file1'],
    params: {},
    attempt: 1,
    outputs: [],
    createdAt: T0,
    queuedAt: T0,
    expiresAt: '2030-01-01T01:00:00.000Z',
    retentionHours: 1,
    ...overrides,
  };
}

function event(kind: JobEvent['kind'], fields: Partial<JobEvent> = {}): JobEvent {
  return { jobId: 'job1', attempt: 1, kind, at: T1, ...fields };
}

const output: filesV1.File = {
  id: 'out1',
  ownerId: 'owner1',
  name: 'photo.jpg',
  size: 1234,
  mime: 'image/jpeg',
  media: 'image',
  format: 'jpg',
  width: 10,
  height: 10,
  source: 'output',
  jobId: 'job1',
  createdAt: T1,
  expiresAt: '2030-01-01T01:00:00.000Z',
  objectKey: 'outputs/job1/photo.jpg',
};

describe('applyEvent', () => {
  it('starts a queued job', () => {
    expect(applyEvent(job(), event('started'))).toEqual({ status: 'running', startedAt: T1 });
  });

  it('ignores a second start of a running job (a redelivery) and keeps its progress', () => {
    expect(applyEvent(job({ status: 'running', progress: 40 }), event('started'))).toBeNull();
  });

  it('raises progress while running, only upwards', () => {
    const running = job({ status: 'running', progress: 30 });
    expect(applyEvent(running, event('progress', { progress: 55 }))).toEqual({ progress: 55 });
    expect(applyEvent(running, event('progress', { progress: 30 }))).toBeNull();
    expect(applyEvent(running, event('progress', { progress: 10 }))).toBeNull();
  });

  it('clamps progress to 100 and ignores progress that is not a number', () => {
    const running = job({ status: 'running', progress: 30 });
    expect(applyEvent(running, event('progress', { progress: 140 }))).toEqual({ progress: 100 });
    expect(applyEvent(running, event('progress', { progress: Number.NaN }))).toBeNull();
    expect(applyEvent(running, event('progress'))).toBeNull();
  });

  it('ignores progress of a job that has not started', () => {
    expect(applyEvent(job(), event('progress', { progress: 50 }))).toBeNull();
  });

  it('finishes a running job with its outputs and archive', () => {
    const archive = {
      ...output,
      id: 'zip',
      name: 'outputs.zip',
      mime: 'application/zip',
      media: 'archive',
      format: 'zip',
    };
    const patch = applyEvent(
      job({ status: 'running', progress: 80, startedAt: T0 }),
      event('succeeded', { outputs: [output], archive }),
    );
    expect(patch).toEqual({ status: 'succeeded', progress: 100, outputs: [output], archive, finishedAt: T1 });
  });

  it('gives a job that succeeded without a started event a start time', () => {
    const patch = applyEvent(job(), event('succeeded', { outputs: [output] }));
    expect(patch).toMatchObject({ status: 'succeeded', startedAt: T1, finishedAt: T1, outputs: [output] });
  });

  it('drops empty optional fields of outputs', () => {
    const patch = applyEvent(
      job({ status: 'running' }),
      event('succeeded', { outputs: [{ ...output, duration: undefined }] }),
    );
    expect(patch?.outputs?.[0]).not.toHaveProperty('duration');
  });

  it('fails a job with the worker’s message and log', () => {
    const patch = applyEvent(
      job({ status: 'running' }),
      event('failed', {
        error: { message: 'The file is damaged.', error_log: 'ffmpeg: moov atom not found' },
      }),
    );
    expect(patch).toEqual({
      status: 'failed',
      error: { message: 'The file is damaged.', error_log: 'ffmpeg: moov atom not found' },
      finishedAt: T1,
    });
  });

  it('fails a job with a generic sentence when the worker gave none', () => {
    expect(applyEvent(job({ status: 'running' }), event('failed'))).toMatchObject({
      error: { message: 'The job failed. Please try again.' },
    });
  });

  it('keeps the worker’s notes on a succeeded job, each a sentence', () => {
    const note = 'The video is HLG HDR; it was tone-mapped to standard dynamic range.';
    const patch = applyEvent(
      job({ status: 'running' }),
      event('succeeded', { outputs: [output], notes: [note, '[h264 @ 0x55aa] raw'] }),
    );
    expect(patch?.notes).toEqual([note]);
    expect(
      applyEvent(job({ status: 'running' }), event('succeeded', { outputs: [output] })),
    ).not.toHaveProperty('notes');
  });

  it('never stores raw tool text as the message: it moves to the log', () => {
    const raw =
      'Resizing failed: [mov,mp4,m4a,3gp,3g2,mj2 @ 0x555d2a0] /tmp/mk-1-ab/in/0.mp4: moov atom not found';
    const patch = applyEvent(
      job({ status: 'running' }),
      event('failed', { error: { message: raw, error_log: 'stderr tail' } }),
    );
    expect(patch?.error?.message).toMatch(/^The file could not be processed: .*\.$/);
    expect(patch?.error?.error_log).toBe(`${raw}\nstderr tail`);
  });

  it('cancels a running job', () => {
    expect(applyEvent(job({ status: 'running' }), event('canceled'))).toEqual({
      status: 'canceled',
      finishedAt: T1,
    });
  });

  it('ignores events of another attempt', () => {
    const retried = job({ attempt: 2 });
    for (const kind of ['started', 'progress', 'succeeded', 'failed', 'canceled'] as const) {
      expect(applyEvent(retried, event(kind, { attempt: 1, progress: 50 }))).toBeNull();
    }
    expect(applyEvent(job({ attempt: 1 }), event('started', { attempt: 2 }))).toBeNull();
  });

  it('never changes a terminal job again', () => {
    for (const status of ['succeeded', 'failed', 'canceled'] satisfies JobStatus[]) {
      const finished = job({ status, progress: 100 });
      for (const kind of ['started', 'progress', 'succeeded', 'failed', 'canceled'] as const) {
        expect(applyEvent(finished, event(kind, { progress: 100, outputs: [output] }))).toBeNull();
      }
    }
  });

  describe('a job redelivered after its worker died', () => {
    const T2 = '2030-01-01T00:00:09.000Z';
    const T3 = '2030-01-01T00:00:20.000Z';
    const T4 = '2030-01-01T00:00:30.000Z';

    /** Folds events in order the way handleEvent does, counting the changes that were written. */
    function fold(events: JobEvent[]): { job: JobDoc; writes: JobPatch[] } {
      let current = job();
      const writes: JobPatch[] = [];
      for (const next of events) {
        const patch = applyEvent(current, next);
        if (patch) {
          writes.push(patch);
          current = { ...current, ...patch };
        }
      }
      return { job: current, writes };
    }

    it('keeps the first start time, shows progress only past the dead worker’s, and succeeds once', () => {
      const second = { ...output, id: 'out-again' };
      const { job: done, writes } = fold([
        // The first worker: started, got to 42 %, then was killed.
        event('started', { at: T1 }),
        event('progress', { progress: 20, at: T1 }),
        event('progress', { progress: 42, at: T1 }),
        // The second delivery starts over from 0 under the same attempt.
        event('started', { at: T2 }),
        event('progress', { progress: 10, at: T2 }),
        event('progress', { progress: 42, at: T2 }),
        event('progress', { progress: 80, at: T2 }),
        event('succeeded', { progress: 100, outputs: [output], at: T3 }),
        // Its worker died after publishing `succeeded` but before the ack: a third delivery
        // repeats the whole run and reports again.
        event('started', { at: T4 }),
        event('progress', { progress: 50, at: T4 }),
        event('succeeded', { progress: 100, outputs: [second], at: T4 }),
      ]);
      expect(done).toMatchObject({
        status: 'succeeded',
        progress: 100,
        outputs: [output],
        startedAt: T1,
        finishedAt: T3,
      });
      expect(writes.filter((patch) => patch.status === 'running')).toHaveLength(1);
      expect(writes.filter((patch) => patch.status === 'succeeded')).toHaveLength(1);
      expect(writes.map((patch) => patch.progress).filter((p) => p !== undefined)).toEqual([20, 42, 80, 100]);
    });

    it('starts a job whose first `started` event was lost, at the redelivery', () => {
      const { job: running, writes } = fold([
        event('started', { at: T2 }),
        event('progress', { progress: 5 }),
      ]);
      expect(running).toMatchObject({ status: 'running', startedAt: T2, progress: 5 });
      expect(writes).toHaveLength(2);
    });

    it('ignores a duplicate `succeeded`, even with other outputs', () => {
      const succeeded = job({ status: 'succeeded', progress: 100, outputs: [output], finishedAt: T1 });
      expect(
        applyEvent(succeeded, event('succeeded', { outputs: [{ ...output, id: 'dup' }], at: T3 })),
      ).toBeNull();
    });
  });

  it('ignores an unknown kind', () => {
    expect(applyEvent(job({ status: 'running' }), event('paused' as JobEvent['kind']))).toBeNull();
  });
});
