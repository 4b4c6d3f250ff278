import { ApiError, consumeAccountDeleted, type Logger, type NatsConnection } from '@mediakit/kit';
import type { JobsService } from './jobs-service.ts';

/** How the gateway names a signed-in user as an owner (services/gateway/src/plugins/identity.ts). */
export const userOwnerId = (sub: string) => `user:${sub}`;

const PAGE = 100;

/**
 * Deletes every job of the owner as the owner's own DELETE /jobs/{id} would: a running job is
 * stopped (its worker told to cancel, its queued message removed), its outputs deleted, its record
 * removed. Newest first, so held jobs go before the running ones whose end would release them.
 * Returns how many went; a job already gone is skipped, so running it again is harmless.
 */
export async function deleteJobsOf(service: JobsService, ownerId: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const page = await service.listJobs({ ownerId, status: '', limit: PAGE, cursor: '' });
    for (const job of page.items) {
      try {
        await service.deleteJob(ownerId, job.id);
        deleted += 1;
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
    }
    if (page.items.length < PAGE) return deleted;
  }
}

/**
 * When an account is deleted (the auth service publishes `accounts.events.<sub>.deleted`), every
 * job of the user is canceled and deleted, and their webhook endpoints and delivery log go too, through the durable consumer `jobs`: an event published
 * while this service was down is handled when it starts, and a failure (the files service not
 * answering) is retried by JetStream.
 */
export function consumeAccountDeletions(
  nc: NatsConnection,
  service: JobsService,
  log: Logger,
  webhooks: { deleteOwner(ownerId: string): Promise<number> },
) {
  return consumeAccountDeleted(
    nc,
    'jobs',
    async ({ userId }) => {
      const deleted = await deleteJobsOf(service, userOwnerId(userId));
      const endpoints = await webhooks.deleteOwner(userOwnerId(userId));
      log.info({ userId, deleted, endpoints }, 'deleted the jobs and webhooks of a deleted account');
    },
    log,
  );
}
