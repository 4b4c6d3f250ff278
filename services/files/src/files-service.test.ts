import { ApiError } from '@mediakit/kit';
import type { filesV1 } from '@mediakit/proto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, log, makePng, type TestContext } from '../test/support.ts';
import { filesGrpcHandlers } from './grpc-handlers.ts';
import { RetentionSweeper } from './retention-sweeper.ts';

let ctx: TestContext;
let png: Buffer;
beforeEach(async () => {
  ctx = await createTestContext();
  png ??= await makePng(12, 12);
});
afterEach(async () => {
  await ctx.close();
});

const noMetadata = { metadata: undefined as never };
const rpc = () => filesGrpcHandlers(ctx.service);

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

function output(overrides: Partial<filesV1.RegisterOutputRequest> = {}): filesV1.RegisterOutputRequest {
  return {
    id: 'out-1',
    ownerId: 'alice',
    jobId: 'job-1',
    name: 'result.png',
    objectKey: 'outputs/job-1/result.png',
    size: 1,
    mime: 'image/png',
    media: 'image',
    format: 'png',
    width: 12,
    height: 12,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    ...overrides,
  };
}

describe('GetFile / ListFiles / DeleteFile', () => {
  it('scopes every call to the owner', async () => {
    const file = await ctx.upload('alice', 'a.png', png);
    expect((await rpc().getFile({ ownerId: 'alice', id: file._id }, noMetadata)).id).toBe(file._id);

    expect((await rejection(rpc().getFile({ ownerId: 'bob', id: file._id }, noMetadata))).status).toBe(404);
    expect(
      (
        await rpc().listFiles(
          { ownerId: 'bob', media: '', limit: 0, cursor: '', uploadsOnly: false },
          noMetadata,
        )
      ).items,
    ).toEqual([]);
    expect((await rejection(rpc().deleteFile({ ownerId: 'bob', id: file._id }, noMetadata))).status).toBe(
      404,
    );
    expect(await ctx.objects.stat(file.objectKey)).not.toBeNull();
  });

  it('deletes the bytes and the record', async () => {
    const file = await ctx.upload('alice', 'a.png', png);
    await rpc().deleteFile({ ownerId: 'alice', id: file._id }, noMetadata);
    expect(await ctx.objects.stat(file.objectKey)).toBeNull();
    expect(await ctx.repository.findById(file._id)).toBeNull();
    expect((await rejection(rpc().getFile({ ownerId: 'alice', id: file._id }, noMetadata))).status).toBe(404);
  });

  it('lists newest first, in pages, filtered by media and source', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await ctx.upload('alice', `${i}.png`, png))._id);
    await ctx.objects.put('outputs/job-1/result.png', png);
    await rpc().registerOutput(output(), noMetadata);

    // Newest first; files created within the same millisecond are ordered by id.
    const all = await Promise.all([...ids, 'out-1'].map((id) => ctx.repository.findById(id)));
    const expected = all
      .flatMap((doc) => (doc ? [doc] : []))
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (b._id < a._id ? -1 : b._id > a._id ? 1 : 0))
      .map((doc) => doc._id);
    expect(expected[0]).toBe('out-1');

    const request = { ownerId: 'alice', media: '', limit: 4, cursor: '', uploadsOnly: false };
    const first = await rpc().listFiles(request, noMetadata);
    expect(first.items.map((f) => f.id)).toEqual(expected.slice(0, 4));
    expect(first.nextCursor).not.toBe('');
    const second = await rpc().listFiles({ ...request, cursor: first.nextCursor }, noMetadata);
    expect(second.items.map((f) => f.id)).toEqual(expected.slice(4));
    expect(second.nextCursor).toBe('');

    const uploads = await rpc().listFiles({ ...request, limit: 100, uploadsOnly: true }, noMetadata);
    expect(uploads.items.every((f) => f.source === 'upload')).toBe(true);
    expect(uploads.items).toHaveLength(5);
    expect((await rpc().listFiles({ ...request, media: 'video' }, noMetadata)).items).toEqual([]);
    expect((await rejection(rpc().listFiles({ ...request, media: 'text' }, noMetadata))).status).toBe(400);
  });

  it('hides files whose expiry has passed, before the sweep removes them', async () => {
    const file = await ctx.upload('alice', 'a.png', png);
    await ctx.documents
      .collection('files')
      .updateOne({ _id: file._id }, { $set: { expiresAt: new Date(Date.now() - 1000).toISOString() } });
    expect((await rejection(ctx.service.getFile('alice', file._id))).status).toBe(404);
    expect((await ctx.service.listFiles({ ownerId: 'alice' })).items).toEqual([]);
  });
});

describe('RegisterOutput', () => {
  it('is idempotent on id: registering twice leaves one record', async () => {
    await ctx.objects.put('outputs/job-1/result.png', png, { contentType: 'image/png' });
    const first = await rpc().registerOutput(output(), noMetadata);
    const again = await rpc().registerOutput(output({ name: 'renamed.png' }), noMetadata);

    expect(first).toMatchObject({
      id: 'out-1',
      source: 'output',
      jobId: 'job-1',
      size: png.length,
      objectKey: 'outputs/job-1/result.png',
    });
    expect(again.createdAt).toBe(first.createdAt);
    expect(again.name).toBe('renamed.png');
    const all = await ctx.service.listFiles({ ownerId: 'alice', limit: 100 });
    expect(all.items.map((f) => f._id)).toEqual(['out-1']);
  });

  it('refuses an output whose object is not stored, and bad input', async () => {
    expect((await rejection(rpc().registerOutput(output(), noMetadata))).status).toBe(422);
    await ctx.objects.put('outputs/job-1/result.png', png);
    expect((await rejection(rpc().registerOutput(output({ media: 'text' }), noMetadata))).status).toBe(400);
    expect((await rejection(rpc().registerOutput(output({ expiresAt: 'soon' }), noMetadata))).status).toBe(
      400,
    );
    expect(
      (await rejection(rpc().registerOutput(output({ objectKey: '../etc/passwd' }), noMetadata))).status,
    ).toBe(400);
  });
});

describe('DeleteJobOutputs', () => {
  it("deletes the job's outputs of that owner, bytes and records", async () => {
    for (const name of ['a.png', 'b.png']) {
      await ctx.objects.put(`outputs/job-1/${name}`, png);
      await rpc().registerOutput(
        output({ id: `out-${name}`, name, objectKey: `outputs/job-1/${name}` }),
        noMetadata,
      );
    }
    await ctx.objects.put('outputs/job-2/c.png', png);
    await rpc().registerOutput(
      output({ id: 'out-c', jobId: 'job-2', objectKey: 'outputs/job-2/c.png' }),
      noMetadata,
    );
    const upload = await ctx.upload('alice', 'in.png', png);

    expect(await rpc().deleteJobOutputs({ ownerId: 'bob', jobId: 'job-1' }, noMetadata)).toEqual({
      deleted: 0,
    });
    expect(await rpc().deleteJobOutputs({ ownerId: 'alice', jobId: 'job-1' }, noMetadata)).toEqual({
      deleted: 2,
    });
    expect(await ctx.objects.list('')).toEqual(['outputs/job-2/c.png', upload.objectKey].sort());
    const left = await ctx.service.listFiles({ ownerId: 'alice', limit: 100 });
    expect(left.items.map((f) => f._id).sort()).toEqual(['out-c', upload._id].sort());
  });
});

describe('retention sweep', () => {
  it('removes an expired file (object and record) and leaves a fresh one', async () => {
    const expiring = await ctx.upload('alice', 'old.png', png, 1);
    const fresh = await ctx.upload('alice', 'new.png', png, 48);
    const sweeper = new RetentionSweeper({ service: ctx.service, log, intervalMs: 60_000, batchSize: 1 });

    expect(await sweeper.sweepOnce(new Date(Date.now() + 30 * 60_000))).toBe(0);
    expect(await sweeper.sweepOnce(new Date(Date.now() + 2 * 3_600_000))).toBe(1);
    expect(await ctx.objects.stat(expiring.objectKey)).toBeNull();
    expect(await ctx.repository.findById(expiring._id)).toBeNull();
    expect(await ctx.objects.stat(fresh.objectKey)).not.toBeNull();
    expect(await ctx.repository.findById(fresh._id)).not.toBeNull();
  });

  it('works through a backlog larger than one batch', async () => {
    for (let i = 0; i < 5; i++) await ctx.upload('alice', `${i}.png`, png, 1);
    const sweeper = new RetentionSweeper({ service: ctx.service, log, intervalMs: 60_000, batchSize: 2 });
    expect(await sweeper.sweepOnce(new Date(Date.now() + 2 * 3_600_000))).toBe(5);
    expect(await ctx.objects.list('')).toEqual([]);
  });

  it('runs on its timer and stops on shutdown', async () => {
    const expired = await ctx.upload('alice', 'old.png', png, 1);
    await ctx.documents
      .collection('files')
      .updateOne({ _id: expired._id }, { $set: { expiresAt: new Date(Date.now() - 1000).toISOString() } });
    const sweeper = new RetentionSweeper({ service: ctx.service, log, intervalMs: 60_000 });
    sweeper.start();
    for (let i = 0; i < 50 && (await ctx.repository.findById(expired._id)); i++)
      await new Promise((r) => setTimeout(r, 20));
    await sweeper.stop();
    expect(await ctx.repository.findById(expired._id)).toBeNull();
    expect(await ctx.objects.stat(expired.objectKey)).toBeNull();
  });
});
