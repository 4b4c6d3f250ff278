import { FileAudioPlayer, isAudio } from '@mediakit/web-ui/AudioPlayer';
import type { ShellHost } from '@mediakit/web-ui/contract';
import { useFileLink } from '@mediakit/web-ui/use-file-link';
import type { FileInfo } from '../api/types.ts';

/** Types a browser shows inline (the server never serves SVG or HTML inline). */
const SHOWABLE = /^(image\/(jpeg|png|webp|gif|avif)|video\/(mp4|webm))$/;

/**
 * A preview of a file on the server: the image, the video with controls, or a player for audio.
 * All load through the file's download link, so the browser streams them (a video seeks with Range
 * requests) and a large file is never held in the page's memory.
 */
export function FilePreview({ host, file, alt }: { host: ShellHost; file: FileInfo; alt: string }) {
  if (isAudio(file.mime)) return <FileAudioPlayer links={host.links} file={file} />;
  return <MediaPreview host={host} file={file} alt={alt} />;
}

function MediaPreview({ host, file, alt }: { host: ShellHost; file: FileInfo; alt: string }) {
  const showable = SHOWABLE.test(file.mime);
  const { url, failed, onError } = useFileLink(host.links, showable ? file.id : undefined);
  if (!showable || failed)
    return (
      <div className="preview none">
        No preview for {file.mime === 'application/zip' ? 'a ZIP' : failed ? 'this file' : 'this type'}
      </div>
    );
  if (!url) return <div className="preview loading" aria-busy="true" />;
  return file.media === 'video' ? (
    // biome-ignore lint/a11y/useMediaCaption: the user's own video; there are no captions to offer
    <video className="preview" src={url} controls playsInline preload="metadata" onError={onError} />
  ) : (
    <img className="preview" src={url} alt={alt} width={file.width} height={file.height} onError={onError} />
  );
}
