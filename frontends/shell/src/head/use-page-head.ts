import type { PageHeadReport } from '@mediakit/web-ui/contract';
import { useEffect } from 'react';
import { useShell } from '../shell-context.tsx';

/**
 * For a shell page whose head depends on its data (an article, a missing page): says what it
 * shows, so the head after client-side navigation is the server's for it. Pass a stable object
 * (a constant, or memoized on the data).
 */
export function usePageHead(report: PageHeadReport | undefined): void {
  const { heads } = useShell();
  useEffect(() => {
    if (report) heads.report(report);
  }, [heads, report]);
}
