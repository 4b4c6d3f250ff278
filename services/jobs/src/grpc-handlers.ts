import type { AsyncService } from '@mediakit/kit';
import type { jobsV1 } from '@mediakit/proto';
import type { JobsService } from './jobs-service.ts';

export type JobsRpcs = jobsV1.JobsServiceServer;
export type JobsGrpcHandlers = AsyncService<JobsRpcs>;

/** JobsService over gRPC: requests in, the service's answer out; errors are ApiErrors from the service. */
export function jobsGrpcHandlers(service: JobsService): JobsGrpcHandlers {
  return {
    createJob: (request) =>
      service.createJob({
        ownerId: request.ownerId,
        tool: request.tool,
        inputs: request.inputs,
        paramsJson: request.paramsJson,
        retentionHours: request.retentionHours,
        concurrentJobs: request.concurrentJobs,
        webhookUrl: request.webhookUrl,
      }),
    getJob: (request) => service.getJob(request.ownerId, request.id),
    listJobs: (request) => service.listJobs(request),
    cancelJob: (request) => service.cancelJob(request.ownerId, request.id),
    retryJob: (request) => service.retryJob(request.ownerId, request.id),
    deleteJob: async (request) => {
      await service.deleteJob(request.ownerId, request.id);
      return {};
    },
    getStats: (request) => service.getStats(request.ownerId),
    claimOwner: async (request) => ({
      moved: await service.claimOwner(request.fromOwnerId, request.toOwnerId),
    }),
  };
}
