import { useEffect } from 'react';

/**
 * Keeps the tab title right after client-side navigation; the first load already has it from the
 * server's head (services/gateway/src/web/page-head.ts).
 */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
