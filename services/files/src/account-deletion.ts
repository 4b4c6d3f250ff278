import {
  type Collection,
  consumeAccountDeleted,
  type DocumentStore,
  type Logger,
  type NatsConnection,
} from '@mediakit/kit';
import type { FilesService } from './files-service.ts';

/** How the gateway names a signed-in user as an owner (services/gateway/src/plugins/identity.ts). */
export const userOwnerId = (sub: string) => `user:${sub}`;

/**
 * Owners whose account was deleted (`deleted_owners`). The files service refuses to store anything
 * new for them: an access token lives on for minutes after its account, and a job that was
 * running at the deletion may still finish and hand in an output. User ids are random and never
 * reused, so an entry is only an opaque id and a time; it is kept.
 */
export class DeletedOwners {
  readonly #owners: Collection<{ _id: string; deletedAt: string }>;

  constructor(store: DocumentStore) {
    this.#owners = store.collection('deleted_owners');
  }

  async add(ownerId: string, at = new Date()): Promise<void> {
    await this.#owners.updateOne(
      { _id: ownerId },
      { $set: { deletedAt: at.toISOString() } },
      { upsert: true },
    );
  }

  /** Only signed-in users' accounts are ever deleted; guests are never looked up. */
  async has(ownerId: string): Promise<boolean> {
    if (!ownerId.startsWith('user:')) return false;
    return (await this.#owners.findOne({ _id: ownerId })) !== null;
  }
}

/**
 * When an account is deleted (the auth service publishes `accounts.events.<sub>.deleted`), every
 * file the user owned goes: uploads and job outputs, bytes and records, and nothing new is stored
 * for them. Through the durable consumer `files`, so an event published while this service was
 * down is handled when it starts; a failure is retried by JetStream, and deleting what is already
 * gone is a no-op.
 */
export function consumeAccountDeletions(
  nc: NatsConnection,
  deps: { service: FilesService; deletedOwners: DeletedOwners },
  log: Logger,
) {
  return consumeAccountDeleted(
    nc,
    'files',
    async ({ userId }) => {
      const owner = userOwnerId(userId);
      // First, so an upload or output arriving while the files are deleted is refused.
      await deps.deletedOwners.add(owner);
      const deleted = await deps.service.deleteAllOf(owner);
      log.info({ userId, deleted }, 'deleted the files of a deleted account');
    },
    log,
  );
}
