import type { ShellHost } from '@mediakit/web-ui/contract';
import { formatLabel, previewPlan } from '@mediakit/web-ui/media-preview';
import { useFileLink } from '@mediakit/web-ui/use-file-link';
import { useEffect, useState } from 'react';
import { guessMime, mimeFromName } from './accept.ts';
import { readImageSize } from './image-size.ts';
import { thumbnailSource } from './thumbnail-source.ts';
import type { UploadItem } from './use-uploads.ts';
import { useVideoFrame } from './use-video-frame.ts';

/**
 * A small preview on an upload card: the picked file itself, at once (an object URL, let go with
 * the card), or for a file passed from another tool the server's inline link; a video's first
 * frame; a stand-in with the format's name for what browsers cannot show (HEIC, PSD, TIFF) or for
 * a picture too large to decode for a thumbnail.
 */
export function Thumbnail({ host, item }: { host: ShellHost; item: UploadItem }) {
  const { local, file } = item;
  // The server's reading once there; before, the name's format ("IMG_0001.HEIC" is HEIC, where a
  // browser may say image/heif), then the browser's type.
  const mime = file?.mime ?? (local ? (mimeFromName(local.name) ?? guessMime(local)) : undefined);
  const plan = previewPlan(mime, local ? 'device' : 'server');
  const size = useLocalImageSize(plan.kind === 'image' ? local : undefined);
  const pixels =
    file?.width && file.height ? file.width * file.height : size ? size.width * size.height : undefined;
  const from = thumbnailSource(plan, {
    local: local !== undefined,
    pixels,
    settled: file !== undefined || item.status === 'failed',
  });
  const localUrl = useObjectUrl(from === 'device' ? local : undefined);
  const remote = useFileLink(host.links, from === 'server' ? file?.id : undefined);
  const src = from === 'device' ? localUrl : from === 'server' ? remote.url : undefined;
  const frame = useVideoFrame(plan.kind === 'video' ? src : undefined);
  // The picture that would not decode (a damaged file, an ICO some browsers do not draw).
  const [broken, setBroken] = useState<string>();

  const shown = plan.kind === 'video' ? frame.url : src;
  if (from === 'stand-in' || remote.failed || frame.failed || (shown && shown === broken))
    return (
      <span className="upload-thumb stand-in" aria-hidden="true">
        {formatLabel(mime)}
      </span>
    );
  if (!shown) return <span className="upload-thumb loading" aria-hidden="true" />;
  return (
    <img
      className="upload-thumb"
      src={shown}
      // The card names the file beside it: the picture adds nothing to read aloud.
      alt=""
      decoding="async"
      onError={() => (from === 'device' || plan.kind === 'video' ? setBroken(shown) : remote.onError())}
    />
  );
}

/** An object URL of the file while the card shows it, revoked when it goes or the file changes. */
function useObjectUrl(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    setUrl(undefined);
    if (!file) return;
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** The size a picked image's header gives, read once per file. */
function useLocalImageSize(file: File | undefined) {
  const [size, setSize] = useState<{ width: number; height: number }>();
  useEffect(() => {
    setSize(undefined);
    if (!file) return;
    let current = true;
    void readImageSize(file).then((found) => current && setSize(found));
    return () => {
      current = false;
    };
  }, [file]);
  return size;
}
