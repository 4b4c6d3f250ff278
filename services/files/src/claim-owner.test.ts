import { addService, createGrpcClient, GrpcServer, listenGrpc, stopGrpc } from '@mediakit/kit';
import { filesV1 } from '@mediakit/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, log, makePng, type TestContext } from '../test/support.ts';
import { filesGrpcHandlers } from './grpc-handlers.ts';

/** ClaimOwner over a real gRPC server: what the gateway calls when a guest signs in. */
let ctx: TestContext;
let server: InstanceType<typeof GrpcServer>;
let client: ReturnType<typeof createGrpcClient<filesV1.FilesServiceClient>>;
beforeAll(async () => {
  ctx = await createTestContext();
  server = new GrpcServer();
  addService(server, filesV1.FilesServiceService, filesGrpcHandlers(ctx.service), log);
  const port = await listenGrpc(server, '127.0.0.1:0');
  client = createGrpcClient(filesV1.FilesServiceClient, filesV1.FilesServiceService, `127.0.0.1:${port}`, {
    deadlineMs: 5000,
  });
});
afterAll(async () => {
  client.close();
  await stopGrpc(server);
  await ctx.close();
});

const list = (ownerId: string) =>
  client.listFiles({ ownerId, media: '', cursor: '', limit: 100, uploadsOnly: false });

describe('ClaimOwner', () => {
  it("moves every file of the guest, uploads and outputs, to the user, and nobody else's", async () => {
    const guest = 'guest:claim-a';
    const user = 'user:claim-a';
    const png = await makePng(4, 4);
    const upload = await ctx.upload(guest, 'a.png', png);
    await ctx.objects.put('outputs/jc1/out.png', png);
    await client.registerOutput({
      id: 'claim-out-1',
      ownerId: guest,
      jobId: 'jc1',
      name: 'out.png',
      objectKey: 'outputs/jc1/out.png',
      size: 0,
      mime: 'image/png',
      media: 'image',
      format: 'png',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    const bystander = await ctx.upload('guest:someone-else', 'b.png', png);

    expect(await client.claimOwner({ fromOwnerId: guest, toOwnerId: user })).toEqual({ moved: 2 });

    expect((await list(user)).items.map((f) => f.id).sort()).toEqual([upload._id, 'claim-out-1'].sort());
    expect((await list(guest)).items).toEqual([]);
    // The old owner lost access; the new one has it, with the expiry the file already had.
    await expect(client.getFile({ ownerId: guest, id: upload._id })).rejects.toMatchObject({ status: 404 });
    const moved = await client.getFile({ ownerId: user, id: upload._id });
    expect(moved).toMatchObject({ ownerId: user, expiresAt: upload.expiresAt });
    // Someone else's file is untouched.
    expect(await client.getFile({ ownerId: 'guest:someone-else', id: bystander._id })).toMatchObject({
      ownerId: 'guest:someone-else',
    });
  });

  it('is idempotent: a second claim moves nothing', async () => {
    const guest = 'guest:claim-b';
    await ctx.upload(guest, 'c.png', await makePng(4, 4));
    expect(await client.claimOwner({ fromOwnerId: guest, toOwnerId: 'user:claim-b' })).toEqual({ moved: 1 });
    expect(await client.claimOwner({ fromOwnerId: guest, toOwnerId: 'user:claim-b' })).toEqual({ moved: 0 });
    expect((await list('user:claim-b')).items).toHaveLength(1);
  });

  it('answers 400 without both owners, or with the same owner twice', async () => {
    await expect(client.claimOwner({ fromOwnerId: '', toOwnerId: 'user:x' })).rejects.toMatchObject({
      status: 400,
      code: 'validation_failed',
    });
    await expect(client.claimOwner({ fromOwnerId: 'guest:x', toOwnerId: '' })).rejects.toMatchObject({
      status: 400,
    });
    await expect(client.claimOwner({ fromOwnerId: 'guest:x', toOwnerId: 'guest:x' })).rejects.toMatchObject({
      status: 400,
    });
  });
});
