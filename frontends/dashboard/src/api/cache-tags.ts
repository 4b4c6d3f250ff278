import type { QueryClient } from '@mediakit/web-shared/query';
import { ACCOUNT_KEYS, CACHE_TAGS, type CacheTag } from '@mediakit/web-ui/contract';

/**
 * Which cache tags each kind of change makes stale. Jobs own their outputs (files) and count in
 * the stats; files count in the stats; the plan shows in the stats. One table, so a new action
 * cannot forget a tag that its sibling remembers.
 */
export const STALE_AFTER = {
  /** Cancel, retry, delete, or a status change seen while following the jobs. */
  jobChanged: [CACHE_TAGS.jobs, CACHE_TAGS.stats, CACHE_TAGS.files],
  fileDeleted: [CACHE_TAGS.files, CACHE_TAGS.stats],
  planChanged: [CACHE_TAGS.stats],
  articleChanged: [CACHE_TAGS.blog],
} as const satisfies Record<string, readonly CacheTag[]>;

export type Change = keyof typeof STALE_AFTER;

/** Query keys of the dashboard, each under its tag (or its own root when no tag fits). */
export const keys = {
  stats: () => [CACHE_TAGS.stats] as const,
  jobs: (status: string) => [CACHE_TAGS.jobs, 'list', status] as const,
  files: (media: string) => [CACHE_TAGS.files, 'list', media] as const,
  blogAdmin: (status: string) => [CACHE_TAGS.blog, 'admin', status] as const,
  article: (slug: string) => [CACHE_TAGS.blog, 'admin', 'article', slug] as const,
  plans: () => ACCOUNT_KEYS.plans,
  tools: () => ['tools'] as const,
  subscription: () => ACCOUNT_KEYS.subscription,
  me: () => ACCOUNT_KEYS.me,
  tickets: (status: string, all: boolean) => ['tickets', 'list', status, all] as const,
  ticket: (id: string) => ['tickets', 'one', id] as const,
  apiKeys: () => ['api-keys'] as const,
};

/** Marks every query under the change's tags stale; the mounted ones refetch at once. */
export async function invalidate(client: QueryClient, change: Change): Promise<void> {
  const roots: string[] = [...STALE_AFTER[change]];
  // The shell's public blog pages key on 'blog' (lower case): a published article must show there too.
  if (change === 'articleChanged') roots.push('blog');
  await Promise.all(roots.map((root) => client.invalidateQueries({ queryKey: [root] })));
}
