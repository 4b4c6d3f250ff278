import { useEffect } from 'react';

/**
 * Sets the tab title as the page renders. The whole head (title, description, canonical link,
 * Open Graph, robots, JSON-LD) follows client-side navigation without it: Layout hands the path
 * to the shell's page heads (head/page-heads-store.ts), and the first load has it from the server.
 */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
