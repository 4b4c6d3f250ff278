import { filesV1 } from '@mediakit/proto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { addService, createGrpcClient, GrpcServer, listenGrpc, stopGrpc } from './grpc.ts';
import { createLogger } from './logger.ts';

// A real gRPC server and client on loopback: errors must cross intact. That the trace crosses too is
// proved between real services in tests/integration/tracing.test.ts.
const server = new GrpcServer();
let client: ReturnType<typeof createFilesClient>;
const createFilesClient = (port: number) =>
  createGrpcClient(filesV1.FilesServiceClient, filesV1.FilesServiceService, `127.0.0.1:${port}`, {
    deadlineMs: 2000,
  });

beforeAll(async () => {
  const unused = async () => {
    throw new Error('not used');
  };
  addService<filesV1.FilesServiceServer>(
    server,
    filesV1.FilesServiceService,
    {
      async getFile(request) {
        if (request.id === 'missing') throw new ApiError(404, 'not_found', 'File was not found.');
        if (request.id === 'bad')
          throw new ApiError(400, 'validation_failed', 'id is odd.', {
            details: [{ field: 'id', message: 'odd' }],
          });
        if (request.id === 'boom') throw new Error('secret internal detail');
        if (request.id === 'unicode') {
          throw new ApiError(
            422,
            'unprocessable',
            'Ünïcode.png is 30000×30000 (900 MP); the limit is 50 MP.',
            {
              details: [
                { field: 'inputs.0', message: 'Ünïcode.png is 30000×30000 (900 MP); the limit is 50 MP.' },
              ],
              errorLog: 'ffmpeg said: ×',
            },
          );
        }
        return {
          id: request.id,
          ownerId: request.ownerId,
          name: 'a.png',
          size: 1,
          mime: 'image/png',
          media: 'image',
          format: 'png',
          source: 'upload',
          createdAt: '',
          expiresAt: '',
          objectKey: 'k',
        };
      },
      listFiles: unused,
      deleteFile: unused,
      registerOutput: unused,
      deleteJobOutputs: unused,
      claimOwner: unused,
    },
    createLogger('test', 'silent'),
  );
  client = createFilesClient(await listenGrpc(server, '127.0.0.1:0'));
});

afterAll(async () => {
  client.close();
  await stopGrpc(server);
});

describe('gRPC helpers', () => {
  it('answers a call', async () => {
    const file = await client.getFile({ ownerId: 'o', id: 'abc' });
    expect(file).toMatchObject({ id: 'abc', ownerId: 'o' });
  });

  it('carries an ApiError across with its status, code, message and details', async () => {
    await expect(client.getFile({ ownerId: 'o', id: 'missing' })).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
      message: 'File was not found.',
    });
    await expect(client.getFile({ ownerId: 'o', id: 'bad' })).rejects.toMatchObject({
      status: 400,
      details: [{ field: 'id', message: 'odd' }],
    });
  });

  it('carries non-ASCII messages, details and logs intact', async () => {
    const message = 'Ünïcode.png is 30000×30000 (900 MP); the limit is 50 MP.';
    await expect(client.getFile({ ownerId: 'o', id: 'unicode' })).rejects.toMatchObject({
      status: 422,
      message,
      details: [{ field: 'inputs.0', message }],
      errorLog: 'ffmpeg said: ×',
    });
  });

  it('turns an unexpected error into a 500 without leaking its text', async () => {
    const error = (await client.getFile({ ownerId: 'o', id: 'boom' }).catch((e) => e)) as ApiError;
    expect(error.status).toBe(500);
    expect(error.message).not.toContain('secret');
  });

  it('fails with a 503 when the service does not answer', async () => {
    const dead = createFilesClient(1);
    await expect(dead.getFile({ ownerId: 'o', id: 'x' })).rejects.toMatchObject({ status: 503 });
    dead.close();
  });
});
