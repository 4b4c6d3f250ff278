import { ApiError, createLogger } from '@mediakit/kit';
import type { filesV1 } from '@mediakit/proto';
import { describe, expect, test } from 'vitest';
import { createGuestClaims } from './guest-claims.ts';

const log = createLogger('claims-test', 'silent');

describe('guest claims', () => {
  test('moves jobs and files; true once both moved, and again (idempotent) when asked again', async () => {
    const calls: string[] = [];
    const recorder = (service: string, moved: number) => async (r: filesV1.ClaimOwnerRequest) => {
      calls.push(`${service} ${r.fromOwnerId}>${r.toOwnerId}`);
      return { moved };
    };
    const claims = createGuestClaims({
      jobs: { claimOwner: recorder('jobs', 1) },
      files: { claimOwner: recorder('files', 2) },
    } as never);
    expect(await claims.claim('guest:g', 'user:u', log)).toBe(true);
    expect(await claims.claim('guest:g', 'user:u', log)).toBe(true);
    expect(calls).toEqual([
      'jobs guest:g>user:u',
      'files guest:g>user:u',
      'jobs guest:g>user:u',
      'files guest:g>user:u',
    ]);
  });

  test('a failure resolves false, waits out the back-off, then is tried again', async () => {
    let now = 0;
    let failing = true;
    let attempts = 0;
    const claims = createGuestClaims(
      {
        jobs: { claimOwner: async () => ({ moved: 0 }) },
        files: {
          claimOwner: async () => {
            attempts++;
            if (failing) throw new ApiError(503, 'service_unavailable', 'down');
            return { moved: 1 };
          },
        },
      } as never,
      { retryAfterMs: 1000, now: () => now },
    );
    expect(await claims.claim('guest:g', 'user:u', log)).toBe(false);
    now = 999;
    expect(await claims.claim('guest:g', 'user:u', log)).toBe(false);
    expect(attempts).toBe(1);
    // Another guest or account is not held back by this one's failure.
    failing = false;
    expect(await claims.claim('guest:h', 'user:u', log)).toBe(true);
    now = 1001;
    expect(await claims.claim('guest:g', 'user:u', log)).toBe(true);
    expect(attempts).toBe(3);
  });
});
