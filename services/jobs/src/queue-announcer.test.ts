import { createLogger, type WorkerName } from '@mediakit/kit';
import type { jobsV1 } from '@mediakit/proto';
import { describe, expect, it } from 'vitest';
import type { JobDoc } from './job.ts';
import { ANNOUNCED_QUEUE_LENGTH, QueueAnnouncer, queueUpdates } from './queue-announcer.ts';

const log = createLogger('queue-announcer-test', 'silent');

/** A queued job whose message is in its pool's stream. */
function queued(_id: string, worker: WorkerName = 'transcoder', second = 0): JobDoc {
  const at = `2030-01-01T00:00:${String(second).padStart(2, '0')}.000Z`;
  return {
    _id,
    ownerId: `owner-${_id}`,
    tool: 'trim-video',
    worker,
    status: 'queued',
    progress: 0,
    inputs: ['in'],
    params: { start: 0, end: 1 },
    attempt: 1,
    outputs: [],
    createdAt: at,
    queuedAt: at,
    dispatchedAt: at,
    expiresAt: '2030-01-01T01:00:00.000Z',
    retentionHours: 1,
  };
}

/** A queued job held back by its owner's concurrency limit (no stream message yet). */
function held(_id: string, ownerId: string, second = 0): JobDoc {
  const { dispatchedAt: _, ...job } = queued(_id, 'transcoder', second);
  return { ...job, ownerId, concurrencyLimit: 2 };
}

/** A queue the test changes between readings, and readings it releases one at a time. */
function fakeQueue() {
  const queues: Record<WorkerName, JobDoc[]> = { transcoder: [], imager: [] };
  const reads: Array<{ worker: WorkerName; limit: number; release: () => void }> = [];
  const announced: jobsV1.Job[] = [];
  let hold = false;
  const announcer = new QueueAnnouncer({
    readQueue: (worker, limit) =>
      new Promise((resolve) => {
        // The reading is taken when released, like a store answering after the latest write.
        const release = () => resolve(queues[worker].slice(0, limit));
        reads.push({ worker, limit, release });
        if (!hold) release();
      }),
    announce: (job) => announced.push(job),
    log,
  });
  return {
    queues,
    reads,
    announced,
    announcer,
    holdReads: (value: boolean) => {
      hold = value;
    },
    positions: () => announced.map((job) => [job.id, job.queuePosition]),
  };
}

/** Where job `_id` waited (same time as every job here, so ids decide the order). */
const spot = (_id: string, worker: WorkerName = 'transcoder') => {
  const { ownerId, queuedAt, dispatchedAt } = queued(_id, worker);
  return { _id, ownerId, worker, queuedAt, dispatchedAt };
};

/** Where held job `_id` of `ownerId` waited. */
const heldSpot = (_id: string, ownerId: string, second = 0) => {
  const { queuedAt } = held(_id, ownerId, second);
  return { _id, ownerId, worker: 'transcoder' as const, queuedAt };
};

describe('queueUpdates', () => {
  it('gives each job behind the one that left its position, 1 for the next to run', () => {
    const updates = queueUpdates([queued('b'), queued('c'), queued('d')], [spot('a')]);
    expect(updates.map((job) => [job.id, job.status, job.queuePosition])).toEqual([
      ['b', 'queued', 1],
      ['c', 'queued', 2],
      ['d', 'queued', 3],
    ]);
    expect(updates[0]).toMatchObject({ ownerId: 'owner-b', tool: 'trim-video', progress: 0 });
  });

  it('leaves out the jobs that waited ahead of it: their position did not change', () => {
    // c left from the middle: b keeps 1, d moves from 3 to 2.
    const updates = queueUpdates([queued('b'), queued('d')], [spot('c')]);
    expect(updates.map((job) => [job.id, job.queuePosition])).toEqual([['d', 2]]);
  });

  it('orders by queue time first: a job retried later waits behind', () => {
    const retried = queued('a', 'transcoder', 30);
    const updates = queueUpdates([queued('z', 'transcoder', 10), retried], [spot('m')]);
    // m was queued at second 0, ahead of both.
    expect(updates.map((job) => [job.id, job.queuePosition])).toEqual([
      ['z', 1],
      ['a', 2],
    ]);
    expect(
      queueUpdates(
        [queued('z', 'transcoder', 10), retried],
        [{ ...spot('m'), queuedAt: '2030-01-01T00:00:20.000Z' }],
      ).map((job) => job.id),
    ).toEqual(['a']);
  });

  // The head as JobRepository.queueHead reads it: dispatched jobs, then held ones.
  const head = () => [
    queued('d1', 'transcoder', 5),
    queued('d2', 'transcoder', 6),
    held('x1', 'xavier', 1),
    held('y1', 'yvonne', 2),
    held('x2', 'xavier', 3),
  ];

  it('puts held jobs behind the whole stream and behind their owner’s older held jobs only', () => {
    // d0 (dispatched) started: everyone moves, held ones too (they enter the stream after d1, d2).
    const updates = queueUpdates(head(), [{ ...spot('d0'), queuedAt: '2030-01-01T00:00:04.000Z' }]);
    expect(updates.map((job) => [job.id, job.queuePosition])).toEqual([
      ['d1', 1],
      ['d2', 2],
      ['x1', 3],
      ['y1', 3], // yvonne waits for no xavier job: other owners' held jobs are not ahead
      ['x2', 4],
    ]);
  });

  it('moves only the owner’s later held jobs when a held job leaves', () => {
    const updates = queueUpdates(head(), [heldSpot('x0', 'xavier', 0)]);
    expect(updates.map((job) => [job.id, job.queuePosition])).toEqual([
      ['x1', 3],
      ['x2', 4],
    ]);
    expect(queueUpdates(head(), [heldSpot('y0', 'yvonne', 0)]).map((job) => job.id)).toEqual(['y1']);
  });

  it('moves the jobs behind any of several that left, even when neither was behind the other', () => {
    const updates = queueUpdates(head(), [heldSpot('x0', 'xavier', 0), heldSpot('y0', 'yvonne', 0)]);
    expect(updates.map((job) => job.id)).toEqual(['x1', 'y1', 'x2']);
  });
});

describe('QueueAnnouncer', () => {
  it('announces the positions of the queue head, bounded', async () => {
    const queue = fakeQueue();
    queue.queues.transcoder = [queued('b'), queued('c')];
    queue.queues.imager = [queued('x', 'imager')];
    await queue.announcer.queueMoved(spot('a'));
    expect(queue.positions()).toEqual([
      ['b', 1],
      ['c', 2],
    ]);
    expect(queue.reads.map((read) => [read.worker, read.limit])).toEqual([
      ['transcoder', ANNOUNCED_QUEUE_LENGTH],
    ]);
    expect(ANNOUNCED_QUEUE_LENGTH).toBe(100);
  });

  it('announces nothing for an empty queue', async () => {
    const queue = fakeQueue();
    await queue.announcer.queueMoved(spot('a', 'imager'));
    expect(queue.announced).toEqual([]);
  });

  it('folds requests made during a pass into one more pass that reads afresh', async () => {
    const queue = fakeQueue();
    queue.holdReads(true);
    queue.queues.transcoder = [queued('c'), queued('d'), queued('e')];
    const first = queue.announcer.queueMoved(spot('b'));
    // c and then d start while the first reading is in flight.
    queue.queues.transcoder = [queued('d'), queued('e')];
    const second = queue.announcer.queueMoved(spot('c'));
    queue.queues.transcoder = [queued('e')];
    const third = queue.announcer.queueMoved(spot('d'));
    expect(queue.reads).toHaveLength(1);

    queue.holdReads(false);
    queue.reads[0].release();
    await Promise.all([first, second, third]);
    // Two readings for three requests, each taken when it was released: the last word is the
    // newest state, never an older one.
    expect(queue.reads).toHaveLength(2);
    expect(queue.positions()).toEqual([
      ['e', 1],
      ['e', 1],
    ]);
  });

  it('publishes readings in order, the folded pass for jobs behind those that left', async () => {
    const queue = fakeQueue();
    queue.holdReads(true);
    queue.queues.transcoder = [queued('b'), queued('c'), queued('d'), queued('e')];
    const first = queue.announcer.queueMoved(spot('a'));
    queue.reads[0].release(); // taken now: b 1, c 2, d 3, e 4
    // d, then b leave while that reading is published; b is nearer the front.
    queue.queues.transcoder = [queued('c'), queued('e')];
    const second = queue.announcer.queueMoved(spot('d'));
    const third = queue.announcer.queueMoved(spot('b'));
    queue.holdReads(false);
    await Promise.all([first, second, third]);
    expect(queue.positions()).toEqual([
      ['b', 1],
      ['c', 2],
      ['d', 3],
      ['e', 4],
      ['c', 1],
      ['e', 2],
    ]);
  });

  it('runs passes of different pools independently', async () => {
    const queue = fakeQueue();
    queue.holdReads(true);
    queue.queues.transcoder = [queued('t')];
    queue.queues.imager = [queued('i', 'imager')];
    const transcoder = queue.announcer.queueMoved(spot('a'));
    const imager = queue.announcer.queueMoved(spot('a', 'imager'));
    expect(queue.reads.map((read) => read.worker)).toEqual(['transcoder', 'imager']);
    for (const read of queue.reads) read.release();
    await Promise.all([transcoder, imager]);
    expect(queue.positions()).toEqual([
      ['t', 1],
      ['i', 1],
    ]);
  });

  it('never rejects: a failed reading is logged and the next request reads again', async () => {
    let fail = true;
    const announced: jobsV1.Job[] = [];
    const announcer = new QueueAnnouncer({
      readQueue: async () => {
        if (fail) throw new Error('store down');
        return [queued('b')];
      },
      announce: (job) => announced.push(job),
      log,
    });
    await expect(announcer.queueMoved(spot('a'))).resolves.toBeUndefined();
    expect(announced).toEqual([]);
    fail = false;
    await announcer.queueMoved(spot('a'));
    expect(announced.map((job) => job.queuePosition)).toEqual([1]);
  });
});
