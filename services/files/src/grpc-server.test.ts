import { ApiError, addService, createGrpcClient, GrpcServer, listenGrpc, stopGrpc } from '@mediakit/kit';
import { filesV1 } from '@mediakit/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, log, makePng, type TestContext } from '../test/support.ts';
import { filesGrpcHandlers } from './grpc-handlers.ts';

/** FilesService over a real gRPC server, called the way the gateway and workers call it. */
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

describe('FilesService over gRPC', () => {
  it('gets a file, and answers NOT_FOUND (404) for another owner', async () => {
    const file = await ctx.upload('alice', 'a.png', await makePng(20, 10));
    const got = await client.getFile({ ownerId: 'alice', id: file._id });
    expect(got).toMatchObject({
      id: file._id,
      width: 20,
      height: 10,
      mime: 'image/png',
      objectKey: `uploads/${file._id}`,
    });

    const error = await client.getFile({ ownerId: 'bob', id: file._id }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'File was not found.' });
  });

  it('registers an output twice as one file and deletes it with its job', async () => {
    await ctx.objects.put('outputs/j9/out.png', await makePng(8, 8));
    const request: filesV1.RegisterOutputRequest = {
      id: 'o9',
      ownerId: 'alice',
      jobId: 'j9',
      name: 'out.png',
      objectKey: 'outputs/j9/out.png',
      size: 0,
      mime: 'image/png',
      media: 'image',
      format: 'png',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    };
    await client.registerOutput(request);
    await client.registerOutput(request);
    const outputs = (
      await client.listFiles({ ownerId: 'alice', media: 'image', limit: 100, cursor: '', uploadsOnly: false })
    ).items.filter((f) => f.jobId === 'j9');
    expect(outputs).toHaveLength(1);
    expect(await client.deleteJobOutputs({ ownerId: 'alice', jobId: 'j9' })).toEqual({ deleted: 1 });
    expect(await ctx.objects.stat('outputs/j9/out.png')).toBeNull();
  });

  it('answers INVALID_ARGUMENT (400) without an owner', async () => {
    const error = await client.getFile({ ownerId: '', id: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
  });
});
