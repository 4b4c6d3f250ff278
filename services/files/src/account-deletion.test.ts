import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type NatsServerHandle, startNatsServer } from '@mediakit/devstack';
import { connectNats, type NatsConnection, publishAccountDeleted } from '@mediakit/kit';
import { inspectFile } from '@mediakit/media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, log, makePng, type TestContext } from '../test/support.ts';
import { consumeAccountDeletions, DeletedOwners, userOwnerId } from './account-deletion.ts';
import { FilesService } from './files-service.ts';

/**
 * A deleted account's files, through a real nats-server: the auth service's event reaches the
 * files service's durable consumer, which deletes every file of `user:<sub>` (bytes and records),
 * expired or not, uploads and outputs, and nobody else's; nothing new is stored for them after.
 */

let ctx: TestContext;
let nats: NatsServerHandle;
let nc: NatsConnection;
let subscription: Awaited<ReturnType<typeof consumeAccountDeletions>>;
/** The files service as main.ts wires it: with the deleted owners. */
let service: FilesService;

beforeAll(async () => {
  ctx = await createTestContext();
  const deletedOwners = new DeletedOwners(ctx.documents);
  service = new FilesService({
    files: ctx.repository,
    objects: ctx.objects,
    inspect: (path) => inspectFile(path),
    log,
    isDeletedOwner: (ownerId) => deletedOwners.has(ownerId),
  });
  nats = await startNatsServer({ storeDir: join(ctx.dir, 'nats') });
  nc = await connectNats(nats.url, 'files-account-deletion-test');
  subscription = await consumeAccountDeletions(nc, { service, deletedOwners }, log);
});

afterAll(async () => {
  await subscription?.stop();
  await nc?.drain();
  await nats?.stop();
  await ctx?.close();
});

async function until(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('account deletion', () => {
  it('deletes every file of the deleted user, and only theirs', async () => {
    const owner = userOwnerId('sub-1');
    const png = await makePng(8, 8);
    const live = await ctx.upload(owner, 'a.png', png);
    // Already expired but not yet swept: it goes too.
    const expired = await ctx.upload(owner, 'b.png', png, 0.000_001);
    await ctx.objects.put('outputs/job-1/out.png', png);
    await service.registerOutput({
      id: 'out-1',
      ownerId: owner,
      jobId: 'job-1',
      name: 'out.png',
      objectKey: 'outputs/job-1/out.png',
      mime: 'image/png',
      media: 'image',
      format: 'png',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const otherUser = await ctx.upload(userOwnerId('sub-2'), 'c.png', png);
    const guest = await ctx.upload('guest:sub-1', 'd.png', png);

    await publishAccountDeleted(nc, 'sub-1');
    await until(async () => (await ctx.repository.findByOwner(owner, 10)).length === 0);

    for (const doc of [live, expired]) expect(await ctx.objects.stat(doc.objectKey)).toBeNull();
    expect(await ctx.objects.stat('outputs/job-1/out.png')).toBeNull();
    // Someone else's files, even a guest id that looks alike, stay.
    for (const doc of [otherUser, guest]) {
      expect(await ctx.repository.findById(doc._id)).not.toBeNull();
      expect(await ctx.objects.stat(doc.objectKey)).not.toBeNull();
    }

    // A token that outlives the account cannot upload again...
    const path = join(ctx.dir, 'late.png');
    await writeFile(path, png);
    await expect(
      service.createUpload({ ownerId: owner, name: 'late.png', path, retentionHours: 1 }),
    ).rejects.toMatchObject({ status: 401, code: 'session_ended' });
    await rm(path);
    // ... and an output of a job that was still running is refused and its bytes removed.
    await ctx.objects.put('outputs/job-2/late.png', png);
    await expect(
      service.registerOutput({
        id: 'out-2',
        ownerId: owner,
        jobId: 'job-2',
        name: 'late.png',
        objectKey: 'outputs/job-2/late.png',
        mime: 'image/png',
        media: 'image',
        format: 'png',
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      }),
    ).rejects.toMatchObject({ status: 401 });
    expect(await ctx.objects.stat('outputs/job-2/late.png')).toBeNull();
    expect(await ctx.repository.findByOwner(owner, 10)).toEqual([]);
    // Other users still can.
    expect((await ctx.upload(userOwnerId('sub-2'), 'f.png', png)).ownerId).toBe(userOwnerId('sub-2'));
  });

  it('is idempotent: a second event, or one for an account without files, deletes nothing more', async () => {
    const owner = userOwnerId('sub-3');
    await ctx.upload(owner, 'e.png', await makePng(8, 8));
    expect(await service.deleteAllOf(owner)).toBe(1);
    expect(await service.deleteAllOf(owner)).toBe(0);
    expect(await service.deleteAllOf(userOwnerId('nobody'))).toBe(0);
  });
});
