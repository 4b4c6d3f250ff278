import type { Collection, DocumentStore } from '@mediakit/kit';

/**
 * What oidc-provider keeps (Session, Interaction, Grant, AuthorizationCode, RefreshToken, opaque
 * AccessToken, ReplayDetection, ...), on the DocumentStore port instead of the in-memory
 * development adapter, so sign-ins survive a restart and replicas share them.
 *
 * One collection, `oidc_entries`, `_id` = `<model>:<id>`. The payload is kept as a JSON string:
 * oidc-provider payloads have keys with dots (resource indicators are URLs, e.g. in a Grant's
 * `resources`), which neither nedb nor MongoDB accept as field names. The fields it is looked up
 * by (grantId, uid, userCode) and the account it belongs to are copied out and indexed.
 *
 * Expiry: `expiresAt` (epoch ms) is checked on every read, so an expired entry is gone for the
 * provider the moment it expires; `sweep()` (a task of the auth sweeper) deletes them for good.
 */
export interface OidcEntryDoc {
  _id: string;
  model: string;
  /** JSON of the payload oidc-provider gave us. */
  payload: string;
  grantId?: string;
  uid?: string;
  userCode?: string;
  accountId?: string;
  /** Epoch seconds when consumed (codes, refresh tokens); merged into the payload on read. */
  consumed?: number;
  /** Epoch milliseconds; absent for entries that do not expire. */
  expiresAt?: number;
}

/** The adapter interface of oidc-provider 9 (lib/adapters/memory_adapter.js has the reference). */
export interface OidcAdapter {
  upsert(id: string, payload: Record<string, unknown>, expiresIn?: number): Promise<void>;
  find(id: string): Promise<Record<string, unknown> | undefined>;
  findByUid(uid: string): Promise<Record<string, unknown> | undefined>;
  findByUserCode(userCode: string): Promise<Record<string, unknown> | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

export const OIDC_COLLECTION = 'oidc_entries';

export class OidcDocumentStorage {
  private readonly entries: Collection<OidcEntryDoc>;
  private readonly now: () => number;

  constructor(store: DocumentStore, options: { now?: () => number } = {}) {
    this.entries = store.collection<OidcEntryDoc>(OIDC_COLLECTION);
    this.now = options.now ?? Date.now;
  }

  async createIndexes(): Promise<void> {
    await this.entries.createIndex({ grantId: 1 });
    await this.entries.createIndex({ uid: 1 });
    await this.entries.createIndex({ userCode: 1 });
    await this.entries.createIndex({ accountId: 1 });
    await this.entries.createIndex({ expiresAt: 1 });
  }

  /** The factory oidc-provider's `adapter` option takes: one adapter per model name. */
  adapterFor = (model: string): OidcAdapter => {
    const key = (id: string) => `${model}:${id}`;
    const live = (doc: OidcEntryDoc | null) =>
      doc && (doc.expiresAt === undefined || doc.expiresAt > this.now()) ? toPayload(doc) : undefined;
    return {
      upsert: async (id, payload, expiresIn) => {
        const doc: Omit<OidcEntryDoc, '_id'> = { model, payload: JSON.stringify(payload) };
        for (const field of ['grantId', 'uid', 'userCode', 'accountId'] as const) {
          const value = payload[field];
          if (typeof value === 'string') doc[field] = value;
        }
        if (typeof payload.consumed === 'number') doc.consumed = payload.consumed;
        if (typeof expiresIn === 'number') doc.expiresAt = this.now() + expiresIn * 1000;
        // A replacement in effect: fields of the previous version that this one lacks go away.
        const unset: Record<string, ''> = {};
        for (const field of ['grantId', 'uid', 'userCode', 'accountId', 'consumed', 'expiresAt'] as const) {
          if (doc[field] === undefined) unset[field] = '';
        }
        await this.entries.updateOne(
          { _id: key(id) },
          Object.keys(unset).length ? { $set: doc, $unset: unset } : { $set: doc },
          { upsert: true },
        );
      },
      find: async (id) => live(await this.entries.findOne({ _id: key(id) })),
      findByUid: async (uid) => live(await this.entries.findOne({ model, uid })),
      findByUserCode: async (userCode) => live(await this.entries.findOne({ model, userCode })),
      consume: async (id) => {
        await this.entries.updateOne({ _id: key(id) }, { $set: { consumed: Math.floor(this.now() / 1000) } });
      },
      destroy: async (id) => {
        await this.entries.deleteOne({ _id: key(id) });
      },
      revokeByGrantId: async (grantId) => {
        await this.entries.deleteMany({ model, grantId });
      },
    };
  };

  /** Deletes every expired entry; returns how many. */
  sweep(): Promise<number> {
    return this.entries.deleteMany({ expiresAt: { $lte: this.now() } });
  }

  /**
   * Ends everything the provider holds for an account: its browser sessions at the provider,
   * grants, codes and refresh tokens (after a password reset). JWT access tokens are not stored;
   * they run out within their short lifetime.
   */
  deleteAccount(accountId: string): Promise<number> {
    return this.entries.deleteMany({ accountId });
  }

  /** Counts live and expired entries of a model (tests and diagnostics). */
  count(filter: { model?: string; expired?: boolean } = {}): Promise<number> {
    const query: Record<string, unknown> = {};
    if (filter.model) query.model = filter.model;
    if (filter.expired !== undefined) {
      query.expiresAt = filter.expired ? { $lte: this.now() } : { $gt: this.now() };
    }
    return this.entries.count(query);
  }
}

function toPayload(doc: OidcEntryDoc): Record<string, unknown> {
  const payload = JSON.parse(doc.payload) as Record<string, unknown>;
  if (doc.consumed !== undefined) payload.consumed = doc.consumed;
  return payload;
}
