import type { webhooksV1 } from '@mediakit/proto';
import { newSigningSecret } from './signed-request.ts';
import type { DeliveryDoc } from './webhook-docs.ts';
import type { WebhookRepository } from './webhook-repository.ts';

/**
 * The secrets deliveries are signed with: an endpoint's own, or for a job's own `webhookUrl` the
 * account's job secret. Read at every attempt, so a rotation applies to the next attempt of every
 * delivery in flight. The job secret is created on first use (by `GET /webhooks/job-secret` or by
 * the first delivery) and shown by exactly one answer: the first GET after it was created, or a
 * rotation.
 */
export class WebhookSecrets {
  private readonly repository: WebhookRepository;
  private readonly now: () => Date;

  constructor(repository: WebhookRepository, now: () => Date = () => new Date()) {
    this.repository = repository;
    this.now = now;
  }

  /** The secret to sign this delivery with, or null when its endpoint is gone. */
  async forDelivery(delivery: DeliveryDoc): Promise<string | null> {
    if (delivery.endpointId) {
      const endpoint = await this.repository.findEndpointById(delivery.endpointId);
      return endpoint?.secret ?? null;
    }
    return (await this.jobSecretOf(delivery.ownerId)).secret;
  }

  /** The job secret, with `secret` only in the one answer that shows it. */
  async getJobSecret(ownerId: string): Promise<webhooksV1.JobSecret> {
    const current = await this.jobSecretOf(ownerId);
    const shown = current.shown ? null : await this.repository.markJobSecretShown(ownerId);
    return shown ? { secret: shown.secret, createdAt: shown.createdAt } : { createdAt: current.createdAt };
  }

  async rotateJobSecret(ownerId: string): Promise<webhooksV1.JobSecret> {
    const doc = {
      _id: ownerId,
      secret: newSigningSecret(),
      createdAt: this.now().toISOString(),
      shown: true,
    };
    await this.repository.replaceJobSecret(doc);
    return { secret: doc.secret, createdAt: doc.createdAt };
  }

  private async jobSecretOf(ownerId: string) {
    const existing = await this.repository.findJobSecret(ownerId);
    if (existing) return existing;
    return this.repository.createJobSecret({
      _id: ownerId,
      secret: newSigningSecret(),
      createdAt: this.now().toISOString(),
      shown: false,
    });
  }
}
