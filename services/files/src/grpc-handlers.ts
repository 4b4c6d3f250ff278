import { type AsyncService, badRequest } from '@mediakit/kit';
import type { filesV1 } from '@mediakit/proto';
import { toProto } from './file-record.ts';
import type { FilesService } from './files-service.ts';

/**
 * The RPCs of FilesServiceServer without the index signature grpc-js gives it: mapped over that
 * signature, kit's AsyncService would demand `never` for every handler.
 */
export type FilesRpcs = {
  [K in keyof filesV1.FilesServiceServer as string extends K ? never : K]: filesV1.FilesServiceServer[K];
};

/**
 * The FilesService RPCs: check the request's shape, call the service, map to the wire type.
 * Errors are ApiErrors; kit's addService carries them to the caller intact.
 */
export function filesGrpcHandlers(service: FilesService): AsyncService<FilesRpcs> {
  return {
    async getFile(request) {
      return toProto(
        await service.getFile(required(request.ownerId, 'owner_id'), required(request.id, 'id')),
      );
    },

    async listFiles(request) {
      const page = await service.listFiles({
        ownerId: required(request.ownerId, 'owner_id'),
        media: request.media || undefined,
        uploadsOnly: request.uploadsOnly,
        cursor: request.cursor || undefined,
        limit: request.limit,
      });
      return { items: page.items.map(toProto), nextCursor: page.nextCursor ?? '' };
    },

    async deleteFile(request) {
      await service.deleteFile(required(request.ownerId, 'owner_id'), required(request.id, 'id'));
      return {};
    },

    async registerOutput(request) {
      return toProto(await service.registerOutput(request));
    },

    async deleteJobOutputs(request) {
      const deleted = await service.deleteJobOutputs(
        required(request.ownerId, 'owner_id'),
        required(request.jobId, 'job_id'),
      );
      return { deleted };
    },

    async claimOwner(request) {
      const moved = await service.claimOwner(
        required(request.fromOwnerId, 'from_owner_id'),
        required(request.toOwnerId, 'to_owner_id'),
      );
      return { moved };
    },
  };
}

function required(value: string, field: string): string {
  if (!value) throw badRequest(`${field} is required.`, [{ field, message: 'required' }]);
  return value;
}
