import { type RefObject, useEffect, useRef, useState } from 'react';
import type { FileLinks } from '../../../shell/src/api/download-links.ts';
import { useFileLink } from '../../../shell/src/federation/use-file-link.ts';
import type { MediaFile } from '../api/types.ts';

const ICON: Record<string, string> = { video: '🎬', image: '🖼', audio: '🎵', archive: '🗜' };

/** True once the element has come near the viewport (and stays true). */
function useNearViewport<T extends Element>(): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near];
}

/**
 * A thumbnail: the image itself, or a video's first frame (the API offers no poster image, so the
 * browser decodes one with preload="metadata", reading only the first bytes through Range
 * requests). Both load through the file's download link once the card comes near the viewport, so
 * a long list asks for no link it does not show and no file is held in the page's memory. Audio,
 * archives, SVG and anything that fails to load get an icon.
 */
export function FilePreview({ file, links }: { file: MediaFile; links: FileLinks }) {
  const previewable = (file.media === 'image' && file.mime !== 'image/svg+xml') || file.media === 'video';
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const { url, failed, onError } = useFileLink(links, previewable && near ? file.id : undefined);

  if (!previewable || failed) {
    return (
      <div className="thumb thumb-icon" aria-hidden="true">
        {ICON[file.media] ?? '📄'}
      </div>
    );
  }
  if (!url) return <div ref={ref} className="thumb thumb-loading" aria-hidden="true" />;
  if (file.media === 'image')
    return <img className="thumb" src={url} alt={`Preview of ${file.name}`} onError={onError} />;
  return (
    <video
      className="thumb"
      src={`${url}#t=0.1`}
      preload="metadata"
      muted
      playsInline
      aria-label={`First frame of ${file.name}`}
      onError={onError}
    />
  );
}
