import type { FileLinks } from '@mediakit/web-api/download-links';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface FileLinkState {
  /** The link to put in `src`, once it is known. */
  url: string | undefined;
  /** No link could be had, or the media would not load even with a new one: show a stand-in. */
  failed: boolean;
  /**
   * For the element's `onError`: a link that stopped working (it expired while a video sat paused)
   * is asked for once more; a second failure marks the preview failed.
   */
  onError(): void;
}

/**
 * The link of a file for a remote page's `<img>` or `<video>` (`inline` previews by default).
 * The browser loads and streams the bytes itself; nothing is held in the page's memory.
 */
export function useFileLink(
  links: FileLinks,
  fileId: string | undefined,
  options: { inline?: boolean } = {},
): FileLinkState {
  const inline = options.inline ?? true;
  const [url, setUrl] = useState<string>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The file whose link was already asked for again after a load error (once per file).
  const renewedFor = useRef<string>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` asks for the link again
  useEffect(() => {
    setUrl(undefined);
    setFailed(false);
    if (!fileId) return;
    let current = true;
    links.url(fileId, { inline }).then(
      (found) => current && setUrl(found),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [links, fileId, inline, attempt]);

  const onError = useCallback(() => {
    if (!fileId) return;
    if (renewedFor.current === fileId) {
      setFailed(true);
      return;
    }
    renewedFor.current = fileId;
    links.forget(fileId);
    setAttempt((n) => n + 1);
  }, [links, fileId]);

  return { url, failed, onError };
}
