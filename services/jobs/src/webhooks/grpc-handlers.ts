import type { AsyncService } from '@mediakit/kit';
import type { webhooksV1 } from '@mediakit/proto';
import type { WebhookDeliveries } from './webhook-deliveries.ts';
import type { WebhookEndpoints } from './webhook-endpoints.ts';
import type { WebhookSecrets } from './webhook-secrets.ts';
import { requireAccount } from './webhook-urls.ts';

export type WebhooksRpcs = webhooksV1.WebhooksServiceServer;

/** WebhooksService over gRPC (served beside JobsService); errors are ApiErrors from the parts. */
export function webhooksGrpcHandlers(parts: {
  endpoints: WebhookEndpoints;
  secrets: WebhookSecrets;
  deliveries: WebhookDeliveries;
}): AsyncService<WebhooksRpcs> {
  const { endpoints, secrets, deliveries } = parts;
  return {
    createEndpoint: (request) => endpoints.create(request),
    listEndpoints: (request) => endpoints.list(request.ownerId),
    getEndpoint: (request) => endpoints.get(request.ownerId, request.id),
    deleteEndpoint: async (request) => {
      await endpoints.delete(request.ownerId, request.id);
      return {};
    },
    rotateEndpointSecret: (request) => endpoints.rotateSecret(request.ownerId, request.id),
    getJobSecret: async (request) => {
      requireAccount(request.ownerId);
      return secrets.getJobSecret(request.ownerId);
    },
    rotateJobSecret: async (request) => {
      requireAccount(request.ownerId);
      return secrets.rotateJobSecret(request.ownerId);
    },
    listDeliveries: (request) => deliveries.list(request),
    resendDelivery: (request) => deliveries.resend(request.ownerId, request.id),
  };
}
