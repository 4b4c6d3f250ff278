import {
  type Collection,
  type DocumentStore,
  DuplicateKeyError,
  type Filter,
  pageQuery,
} from '@mediakit/kit';
import type {
  AttemptRecord,
  DeliveryDoc,
  DeliveryStatus,
  EndpointDoc,
  JobSecretDoc,
  WebhookEvent,
} from './webhook-docs.ts';

/** Where an owner's deliveries are listed from: one endpoint's, or one job's. */
export type DeliveryScope = { endpointId: string } | { jobId: string };

/** Endpoints, job secrets and the delivery log, in MongoDB's query language (both stores). */
export class WebhookRepository {
  private readonly endpoints: Collection<EndpointDoc>;
  private readonly secrets: Collection<JobSecretDoc>;
  private readonly deliveries: Collection<DeliveryDoc>;

  constructor(store: DocumentStore) {
    this.endpoints = store.collection<EndpointDoc>('webhook_endpoints');
    this.secrets = store.collection<JobSecretDoc>('webhook_job_secrets');
    this.deliveries = store.collection<DeliveryDoc>('webhook_deliveries');
  }

  async createIndexes(): Promise<void> {
    await this.endpoints.createIndex({ ownerId: 1, createdAt: 1 }); // an owner's endpoints, matching ones
    await this.deliveries.createIndex({ ownerId: 1, endpointId: 1, createdAt: -1, _id: -1 }); // an endpoint's log
    await this.deliveries.createIndex({ ownerId: 1, jobId: 1, createdAt: -1, _id: -1 }); // a job's log
    await this.deliveries.createIndex({ endpointId: 1 }); // deleting an endpoint's log
    await this.deliveries.createIndex({ expiresAt: 1 }); // the sweeper
  }

  insertEndpoint(doc: EndpointDoc): Promise<void> {
    return this.endpoints.insertOne(doc);
  }

  countEndpoints(ownerId: string): Promise<number> {
    return this.endpoints.count({ ownerId });
  }

  listEndpoints(ownerId: string): Promise<EndpointDoc[]> {
    return this.endpoints.find({ ownerId }, { sort: { createdAt: 1 } });
  }

  /** The owner's endpoints that asked for this event (an owner has at most a few: filtered here). */
  async endpointsFor(ownerId: string, event: WebhookEvent): Promise<EndpointDoc[]> {
    return (await this.listEndpoints(ownerId)).filter((endpoint) => endpoint.events.includes(event));
  }

  findEndpoint(ownerId: string, id: string): Promise<EndpointDoc | null> {
    return this.endpoints.findOne({ _id: id, ownerId });
  }

  findEndpointById(id: string): Promise<EndpointDoc | null> {
    return this.endpoints.findOne({ _id: id });
  }

  /** Deletes the endpoint and its log; false when it is not the owner's. */
  async deleteEndpoint(ownerId: string, id: string): Promise<boolean> {
    const deleted = await this.endpoints.deleteOne({ _id: id, ownerId });
    if (!deleted) return false;
    await this.deliveries.deleteMany({ endpointId: id });
    return true;
  }

  setEndpointSecret(ownerId: string, id: string, secret: string, at: string): Promise<EndpointDoc | null> {
    return this.endpoints.updateOne({ _id: id, ownerId }, { $set: { secret, secretCreatedAt: at } });
  }

  findJobSecret(ownerId: string): Promise<JobSecretDoc | null> {
    return this.secrets.findOne({ _id: ownerId });
  }

  /** Stores the owner's first job secret; when another call stored one first, that one wins. */
  async createJobSecret(doc: JobSecretDoc): Promise<JobSecretDoc> {
    try {
      await this.secrets.insertOne(doc);
      return doc;
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const existing = await this.secrets.findOne({ _id: doc._id });
      if (!existing) throw error;
      return existing;
    }
  }

  /** Marks the secret shown; null when it already was (so only one answer ever carries it). */
  markJobSecretShown(ownerId: string): Promise<JobSecretDoc | null> {
    return this.secrets.updateOne({ _id: ownerId, shown: false }, { $set: { shown: true } });
  }

  async replaceJobSecret(doc: JobSecretDoc): Promise<void> {
    await this.secrets.updateOne(
      { _id: doc._id },
      { $set: { secret: doc.secret, createdAt: doc.createdAt, shown: doc.shown } },
      { upsert: true },
    );
  }

  /** Inserts the delivery unless it exists (a job's end handled twice); returns the stored one. */
  async insertDelivery(doc: DeliveryDoc): Promise<{ delivery: DeliveryDoc; created: boolean }> {
    try {
      await this.deliveries.insertOne(doc);
      return { delivery: doc, created: true };
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      const existing = await this.deliveries.findOne({ _id: doc._id });
      if (!existing) throw error;
      return { delivery: existing, created: false };
    }
  }

  findDelivery(id: string): Promise<DeliveryDoc | null> {
    return this.deliveries.findOne({ _id: id });
  }

  findOwnedDelivery(ownerId: string, id: string): Promise<DeliveryDoc | null> {
    return this.deliveries.findOne({ _id: id, ownerId });
  }

  /** One page of the scope's deliveries, newest first; one extra to know whether more exist. */
  listDeliveries(
    ownerId: string,
    scope: DeliveryScope,
    options: { cursor?: string; limit: number },
  ): Promise<DeliveryDoc[]> {
    const page = pageQuery(options.cursor);
    const filter: Filter = { ...page.filter, ownerId, ...scope };
    return this.deliveries.find(filter, { sort: page.sort, limit: options.limit + 1 });
  }

  /** Appends an attempt and sets the delivery's new state; null when the delivery is gone. */
  recordAttempt(
    id: string,
    attempt: AttemptRecord,
    state: { status: DeliveryStatus; nextAttemptAt?: string },
  ): Promise<DeliveryDoc | null> {
    const update: Record<string, unknown> = {
      $push: { attempts: attempt },
      $set: state.nextAttemptAt
        ? { status: state.status, nextAttemptAt: state.nextAttemptAt }
        : { status: state.status },
    };
    if (!state.nextAttemptAt) update.$unset = { nextAttemptAt: true };
    return this.deliveries.updateOne({ _id: id }, update);
  }

  deleteExpiredDeliveries(now: string): Promise<number> {
    return this.deliveries.deleteMany({ expiresAt: { $lte: now } });
  }

  /** Everything of a deleted account: endpoints, job secret, delivery log. Returns the endpoints removed. */
  async deleteOwner(ownerId: string): Promise<number> {
    const endpoints = await this.endpoints.deleteMany({ ownerId });
    await this.secrets.deleteMany({ _id: ownerId });
    await this.deliveries.deleteMany({ ownerId });
    return endpoints;
  }
}
