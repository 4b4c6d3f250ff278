import type { AsyncClient } from '@mediakit/kit';
import type { filesV1 } from '@mediakit/proto';

/**
 * The calls the jobs service makes to the files service: reading a job's inputs and removing a
 * job's outputs. The gRPC client satisfies it; tests pass an in-memory object.
 */
export type FilesClient = Pick<AsyncClient<filesV1.FilesServiceClient>, 'getFile' | 'deleteJobOutputs'>;
