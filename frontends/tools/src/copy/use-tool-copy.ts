import { useQuery } from '@mediakit/web-shared/query';
import { loadToolCopy } from './index.ts';

/**
 * The page copy of one entry, through the query cache: fetched once per session, and as soon as
 * the page mounts (the name is in its URL), so it arrives with the tool's data rather than after
 * it. A name without copy, or a failed fetch, leaves `data` undefined: the page shows the
 * catalog's description instead.
 */
export function useToolCopy(name: string) {
  return useQuery({
    queryKey: ['tool-copy', name],
    queryFn: () => loadToolCopy(name),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { silent: true },
  });
}
