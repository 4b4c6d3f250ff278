import { badRequest, clampLimit, derivedId, newId, notFound, toPage, toPublicJob } from '@mediakit/kit';
import type { webhooksV1 } from '@mediakit/proto';
import { type JobDoc, toProto } from '../job.ts';
import type { JobRepository } from '../job-repository.ts';
import type { DeliveryPublisher } from './delivery-queue.ts';
import { payloadBody } from './signed-request.ts';
import { type DeliveryDoc, deliveryToProto, eventOfStatus } from './webhook-docs.ts';
import type { WebhookEndpoints } from './webhook-endpoints.ts';
import type { DeliveryScope, WebhookRepository } from './webhook-repository.ts';
import { requireAccount } from './webhook-urls.ts';

/** How long the delivery log keeps a delivery (docs/api.md "Webhooks"). */
const LOG_DAYS = 7;

export interface WebhookDeliveriesDeps {
  repository: WebhookRepository;
  endpoints: WebhookEndpoints;
  jobs: JobRepository;
  publisher: Pick<DeliveryPublisher, 'publish'>;
  now?: () => Date;
}

/**
 * The delivery log: a job's end becomes one delivery per matching endpoint and one for the job's
 * own webhookUrl, each queued on JetStream; the log is listed per endpoint or per job, and "Send
 * again" queues one more attempt.
 */
export class WebhookDeliveries {
  private readonly deps: WebhookDeliveriesDeps;
  private readonly now: () => Date;

  constructor(deps: WebhookDeliveriesDeps) {
    this.deps = deps;
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Queues the deliveries of a job that reached a final state. Idempotent: delivery ids derive from
   * the job, its attempt and the target, so handling the same end twice (an event redelivered after
   * a crash) stores and publishes nothing new. Guests have no webhooks.
   */
  async jobFinished(job: JobDoc): Promise<number> {
    const event = eventOfStatus(job.status);
    if (!event || !job.ownerId.startsWith('user:')) return 0;
    const endpoints = await this.deps.repository.endpointsFor(job.ownerId, event);
    const targets = [
      ...endpoints.map((endpoint) => ({ endpointId: endpoint._id, url: endpoint.url })),
      ...(job.webhookUrl ? [{ endpointId: undefined, url: job.webhookUrl }] : []),
    ];
    if (targets.length === 0) return 0;
    const now = this.now();
    const body = payloadBody(event, job.finishedAt ?? now.toISOString(), toPublicJob(toProto(job)));
    for (const target of targets) {
      const doc: DeliveryDoc = {
        _id: derivedId(job._id, `webhook:${job.attempt}:${target.endpointId ?? 'job'}`),
        ownerId: job.ownerId,
        jobId: job._id,
        ...(target.endpointId ? { endpointId: target.endpointId } : {}),
        url: target.url,
        event,
        body,
        status: 'pending',
        attempts: [],
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + LOG_DAYS * 86_400_000).toISOString(),
      };
      const { delivery, created } = await this.deps.repository.insertDelivery(doc);
      // A delivery stored before a crash may never have been published; one that has attempts was.
      if (created || delivery.attempts.length === 0)
        await this.deps.publisher.publish({ deliveryId: delivery._id }, delivery._id);
    }
    return targets.length;
  }

  async list(request: webhooksV1.ListDeliveriesRequest): Promise<webhooksV1.ListDeliveriesResponse> {
    requireAccount(request.ownerId);
    const scope = await this.scopeOf(request);
    const limit = clampLimit(request.limit);
    const docs = await this.deps.repository.listDeliveries(request.ownerId, scope, {
      cursor: request.cursor || undefined,
      limit,
    });
    const page = toPage(docs, limit);
    return { items: page.items.map(deliveryToProto), nextCursor: page.nextCursor ?? '' };
  }

  /** "Send again": one attempt now, with the same webhook-id; the answer is the delivery as it stands. */
  async resend(ownerId: string, id: string): Promise<webhooksV1.Delivery> {
    requireAccount(ownerId);
    const delivery = id ? await this.deps.repository.findOwnedDelivery(ownerId, id) : null;
    if (!delivery) throw notFound('Delivery');
    await this.deps.publisher.publish({ deliveryId: id, resend: true }, `${id}:resend:${newId()}`);
    return deliveryToProto(delivery);
  }

  /** Deletes the deliveries past the log's retention; returns how many went. */
  sweepOnce(now: Date): Promise<number> {
    return this.deps.repository.deleteExpiredDeliveries(now.toISOString());
  }

  private async scopeOf(request: webhooksV1.ListDeliveriesRequest): Promise<DeliveryScope> {
    if (request.endpointId && !request.jobId) {
      await this.deps.endpoints.owned(request.ownerId, request.endpointId);
      return { endpointId: request.endpointId };
    }
    if (request.jobId && !request.endpointId) {
      const job = await this.deps.jobs.findOwned(request.ownerId, request.jobId);
      if (!job) throw notFound('Job');
      return { jobId: request.jobId };
    }
    const message = 'Name either an endpoint or a job.';
    throw badRequest(message, [{ field: 'endpoint_id', message }]);
  }
}
