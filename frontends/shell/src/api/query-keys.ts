import { CACHE_TAGS } from '../federation/contract.ts';

/**
 * Query keys of the signed-in pages, each under its cache tag (or its own root when the spec names
 * none). They live with the shell because the shell starts some of the dashboard's requests itself
 * (federation/page-data.ts); the dashboard uses the same builders, so both land in one cache entry.
 */
export const queryKeys = {
  stats: () => [CACHE_TAGS.stats] as const,
  jobs: (status: string) => [CACHE_TAGS.jobs, 'list', status] as const,
  files: (media: string) => [CACHE_TAGS.files, 'list', media] as const,
  blogAdmin: (status: string) => [CACHE_TAGS.blog, 'admin', status] as const,
  article: (slug: string) => [CACHE_TAGS.blog, 'admin', 'article', slug] as const,
  plans: () => ['plans'] as const,
  tools: () => ['tools'] as const,
  subscription: () => ['subscription'] as const,
  me: () => ['me'] as const,
  tickets: (status: string, all: boolean) => ['tickets', 'list', status, all] as const,
  ticket: (id: string) => ['tickets', 'one', id] as const,
};
