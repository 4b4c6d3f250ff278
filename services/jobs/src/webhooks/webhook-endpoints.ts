import { badRequest, conflict, newId, notFound } from '@mediakit/kit';
import type { AllowedRanges } from '@mediakit/outbound';
import type { webhooksV1 } from '@mediakit/proto';
import { newSigningSecret } from './signed-request.ts';
import {
  type EndpointDoc,
  endpointToProto,
  isWebhookEvent,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from './webhook-docs.ts';
import type { WebhookRepository } from './webhook-repository.ts';
import { checkWebhookUrl, requireAccount } from './webhook-urls.ts';

/** Endpoints one account may have. */
export const MAX_ENDPOINTS = 10;
const MAX_DESCRIPTION = 200;

const EVENTS_MESSAGE = `events must name at least one of ${WEBHOOK_EVENTS.join(', ')}.`;

/** An account's webhook endpoints: add, list, read, delete, rotate the secret. The secret is answered only when made. */
export class WebhookEndpoints {
  private readonly repository: WebhookRepository;
  private readonly allowed: AllowedRanges;
  private readonly now: () => Date;

  constructor(repository: WebhookRepository, allowed: AllowedRanges, now: () => Date = () => new Date()) {
    this.repository = repository;
    this.allowed = allowed;
    this.now = now;
  }

  async create(request: webhooksV1.CreateEndpointRequest): Promise<webhooksV1.Endpoint> {
    requireAccount(request.ownerId);
    const url = checkWebhookUrl(request.url, 'url', this.allowed);
    const events = checkEvents(request.events);
    const description = request.description.trim();
    if (description.length > MAX_DESCRIPTION) {
      const message = `description must be at most ${MAX_DESCRIPTION} characters.`;
      throw badRequest(message, [{ field: 'description', message }]);
    }
    if ((await this.repository.countEndpoints(request.ownerId)) >= MAX_ENDPOINTS) {
      throw conflict(
        `An account may have ${MAX_ENDPOINTS} webhook endpoints, and you have that many: delete one to add another.`,
      );
    }
    const at = this.now().toISOString();
    const doc: EndpointDoc = {
      _id: newId(),
      ownerId: request.ownerId,
      url,
      events,
      ...(description ? { description } : {}),
      secret: newSigningSecret(),
      secretCreatedAt: at,
      createdAt: at,
    };
    await this.repository.insertEndpoint(doc);
    return endpointToProto(doc, doc.secret);
  }

  async list(ownerId: string): Promise<webhooksV1.ListEndpointsResponse> {
    requireAccount(ownerId);
    const docs = await this.repository.listEndpoints(ownerId);
    return { items: docs.map((doc) => endpointToProto(doc)) };
  }

  async get(ownerId: string, id: string): Promise<webhooksV1.Endpoint> {
    return endpointToProto(await this.owned(ownerId, id));
  }

  async delete(ownerId: string, id: string): Promise<void> {
    requireAccount(ownerId);
    if (!(id && (await this.repository.deleteEndpoint(ownerId, id)))) throw notFound('Webhook endpoint');
  }

  async rotateSecret(ownerId: string, id: string): Promise<webhooksV1.Endpoint> {
    await this.owned(ownerId, id);
    const secret = newSigningSecret();
    const updated = await this.repository.setEndpointSecret(ownerId, id, secret, this.now().toISOString());
    if (!updated) throw notFound('Webhook endpoint');
    return endpointToProto(updated, secret);
  }

  /** The owner's endpoint, or 404 for a missing one and another owner's alike. */
  async owned(ownerId: string, id: string): Promise<EndpointDoc> {
    requireAccount(ownerId);
    const doc = id ? await this.repository.findEndpoint(ownerId, id) : null;
    if (!doc) throw notFound('Webhook endpoint');
    return doc;
  }
}

function checkEvents(events: string[]): WebhookEvent[] {
  const unique = [...new Set(events)];
  if (unique.length === 0 || !unique.every(isWebhookEvent))
    throw badRequest(EVENTS_MESSAGE, [{ field: 'events', message: EVENTS_MESSAGE }]);
  return unique;
}
