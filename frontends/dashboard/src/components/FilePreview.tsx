import type { FileLinks } from '@mediakit/web-api/download-links';
import { FileAudioPlayer } from '@mediakit/web-ui/AudioPlayer';
import { formatLabel, previewPlan } from '@mediakit/web-ui/media-preview';
import { useFileLink } from '@mediakit/web-ui/use-file-link';
import { type RefObject, useEffect, useRef, useState } from 'react';
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
 * a long list asks for no link it does not show and no file is held in the page's memory. A click
 * opens the file in a new tab (the same inline link: the browser shows the picture or plays the
 * video). Audio gets its icon and format with a player. What browsers cannot show (HEIC, PSD,
 * TIFF, SVG, which is never served inline), archives and anything that fails to load get a
 * stand-in with the format's name.
 */
export function FilePreview({ file, links }: { file: MediaFile; links: FileLinks }) {
  if (file.media === 'audio') return <AudioPreview file={file} links={links} />;
  return <PicturePreview file={file} links={links} />;
}

/** An audio file: its icon and format, and a player that reads nothing until Play. */
function AudioPreview({ file, links }: { file: MediaFile; links: FileLinks }) {
  const [ref, near] = useNearViewport<HTMLDivElement>();
  return (
    <div ref={ref} className="thumb thumb-icon thumb-audio">
      <span aria-hidden="true">{ICON.audio}</span>
      <span className="thumb-format" aria-hidden="true">
        {formatLabel(file.mime)}
      </span>
      <FileAudioPlayer links={links} file={file} load={near} preload="none" />
    </div>
  );
}

/** An image, or a video's first frame, opening the file in a new tab. */
function PicturePreview({ file, links }: { file: MediaFile; links: FileLinks }) {
  const plan = previewPlan(file.mime, 'server');
  const [ref, near] = useNearViewport<HTMLDivElement>();
  const { url, failed, onError } = useFileLink(links, plan.kind !== 'stand-in' && near ? file.id : undefined);

  if (plan.kind === 'stand-in' || failed) {
    return (
      <div className="thumb thumb-icon" aria-hidden="true">
        <span>{ICON[file.media] ?? '📄'}</span>
        <span className="thumb-format">{formatLabel(file.mime)}</span>
      </div>
    );
  }
  if (!url) return <div ref={ref} className="thumb thumb-loading" aria-hidden="true" />;
  return (
    <a
      className="thumb-link"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Open ${file.name}`}
    >
      {plan.kind === 'image' ? (
        <img className="thumb" src={url} alt="" onError={onError} />
      ) : (
        <video
          className="thumb"
          src={`${url}#t=0.1`}
          preload="metadata"
          muted
          playsInline
          onError={onError}
        />
      )}
    </a>
  );
}
