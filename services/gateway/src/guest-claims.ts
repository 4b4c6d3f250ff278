import { BoundedMap } from '@mediakit/kit';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { FilesClient, JobsClient } from './deps.ts';

export interface GuestClaims {
  /**
   * Moves what `guestOwnerId` owns to `userOwnerId`. Resolves true once everything moved, false
   * when a service failed (logged; the guest keeps their things and the next request tries again).
   * Never rejects: a failed claim must not fail the request it rides on.
   */
  claim(guestOwnerId: string, userOwnerId: string, log: Logger): Promise<boolean>;
}

/** Bound on remembered failures, so a flood of made-up guest cookies cannot grow memory. */
const MAX_BACKOFFS = 10_000;

/**
 * A guest who signs in keeps what they made (issue 5, "Gateway and ownership"): their files and
 * jobs move to the account. Both moves are idempotent, so a retry after a partial failure is safe;
 * concurrent requests carrying the same guest cookie share one claim instead of racing. After a
 * failure the claim waits `retryAfterMs` before it is tried again, so while a service is down each
 * of the user's requests does not wait for the same failing calls.
 */
export function createGuestClaims(
  deps: { files: FilesClient; jobs: JobsClient },
  options: { retryAfterMs?: number; now?: () => number } = {},
): GuestClaims {
  const retryAfterMs = options.retryAfterMs ?? 30_000;
  const now = options.now ?? Date.now;
  const inFlight = new Map<string, Promise<boolean>>();
  const backoff = new BoundedMap<string, number>(MAX_BACKOFFS);

  async function run(from: string, to: string, log: Logger): Promise<boolean> {
    const request = { fromOwnerId: from, toOwnerId: to };
    // After a partial failure the cookie stays, and the next request runs both moves again.
    try {
      const jobs = await deps.jobs.claimOwner(request);
      const files = await deps.files.claimOwner(request);
      if (jobs.moved || files.moved)
        log.info({ from, to, jobs: jobs.moved, files: files.moved }, 'guest claimed by account');
      return true;
    } catch (err) {
      log.warn({ err, from, to }, 'could not move a guest’s files and jobs to the account; will retry');
      backoff.set(`${from}\n${to}`, now() + retryAfterMs);
      return false;
    }
  }

  return {
    claim(from, to, log) {
      const key = `${from}\n${to}`;
      const pending = inFlight.get(key);
      if (pending) return pending;
      const until = backoff.get(key);
      if (until !== undefined && until > now()) return Promise.resolve(false);
      backoff.delete(key);
      const claim = run(from, to, log).finally(() => inFlight.delete(key));
      inFlight.set(key, claim);
      return claim;
    },
  };
}
