import type { ApiClient } from '@mediakit/web-api/api-client';
import type { Plan, Tool } from '@mediakit/web-api/types';
import { keys } from './cache-tags.ts';
import type { Job, Page, Stats } from './types.ts';

/**
 * What the overview (`/dashboard`) reads, one query per request.
 *
 * `staleTime` of the stats and recent jobs: 0, so every visit of the overview shows current numbers
 * (the dashboard also invalidates them on the changes it makes, cache-tags.ts).
 */
export function overviewQueries(api: ApiClient) {
  return {
    stats: { queryKey: keys.stats(), queryFn: () => api.get<Stats>('/stats'), staleTime: 0 },
    plans: { queryKey: keys.plans(), queryFn: () => api.get<{ plans: Plan[] }>('/plans') },
    recent: {
      queryKey: [...keys.jobs(''), 'recent'],
      queryFn: () => api.get<Page<Job>>('/jobs', { query: { limit: 50 } }),
      staleTime: 0,
    },
    tools: { queryKey: keys.tools(), queryFn: () => api.get<{ tools: Tool[] }>('/tools') },
  };
}
