import type { DocumentStore, Logger, NatsConnection } from '@mediakit/kit';
import { createOutboundClient, type OutboundEnv, outboundOptionsFromEnv } from '@mediakit/outbound';
import type { JetStreamManager } from '@nats-io/jetstream';
import type { JobRepository } from '../job-repository.ts';
import type { JobWebhooks } from '../jobs-service.ts';
import { DeliveryAttempts } from './delivery-attempts.ts';
import { DeliveryConsumer, DeliveryPublisher, ensureWebhookStream } from './delivery-queue.ts';
import { webhooksGrpcHandlers } from './grpc-handlers.ts';
import { WebhookDeliveries } from './webhook-deliveries.ts';
import { WebhookEndpoints } from './webhook-endpoints.ts';
import { WebhookRepository } from './webhook-repository.ts';
import { WebhookSecrets } from './webhook-secrets.ts';
import { checkWebhookUrl, requireAccount } from './webhook-urls.ts';

export interface WebhooksConfig extends OutboundEnv {
  WEBHOOK_RETRY_BASE_SECONDS: number;
}

/**
 * Webhooks in the jobs service, wired: the store's collections, the WEBHOOKS stream, the outbound
 * client every delivery goes through, and the consumer that makes the attempts. `start()` begins
 * delivering (after the gRPC server is up is fine: deliveries wait on the stream meanwhile).
 */
export async function createWebhooks(deps: {
  nc: NatsConnection;
  jsm: JetStreamManager;
  store: DocumentStore;
  jobs: JobRepository;
  config: WebhooksConfig;
  log: Logger;
}) {
  const { config, log } = deps;
  const outbound = outboundOptionsFromEnv(config);
  const allowed = outbound.allowed ?? [];
  await ensureWebhookStream(deps.jsm);
  const repository = new WebhookRepository(deps.store);
  await repository.createIndexes();
  const secrets = new WebhookSecrets(repository);
  const endpoints = new WebhookEndpoints(repository, allowed);
  const deliveries = new WebhookDeliveries({
    repository,
    endpoints,
    jobs: deps.jobs,
    publisher: new DeliveryPublisher(deps.nc),
  });
  const client = createOutboundClient(outbound);
  const attempts = new DeliveryAttempts({
    repository,
    secrets,
    client,
    retryBaseSeconds: config.WEBHOOK_RETRY_BASE_SECONDS,
    log,
  });
  const consumer = new DeliveryConsumer(deps.nc, (message) => attempts.run(message), log);

  const forJobs: JobWebhooks = {
    checkJobUrl(ownerId, url) {
      requireAccount(ownerId);
      return checkWebhookUrl(url, 'webhookUrl', allowed);
    },
    jobFinished: (job) => deliveries.jobFinished(job),
  };
  return {
    forJobs,
    grpcHandlers: webhooksGrpcHandlers({ endpoints, secrets, deliveries }),
    deliveries,
    /** A deleted account's endpoints, job secret and delivery log. */
    deleteOwner: (ownerId: string) => repository.deleteOwner(ownerId),
    start: () => consumer.start(),
    async stop() {
      await consumer.stop();
      await client.close();
    },
  };
}
