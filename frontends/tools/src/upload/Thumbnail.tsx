import { useEffect, useState } from 'react';
import type { ShellHost } from '../../../shell/src/federation/contract.ts';
import { useFileLink } from '../../../shell/src/federation/use-file-link.ts';
import { formatLabel, previewPlan } from '../../../shell/src/ui/media-preview.ts';
import { guessMime, mimeFromName } from './accept.ts';
import { readImageSize } from './image-size.ts';
import type { UploadItem } from './use-uploads.ts';
import { useVideoFrame } from './use-video-frame.ts';

/**
 * The most pixels a thumbnail is decoded from: a phone's 50 MP photo is fine, while a picture far
 * larger (often a small file: a 30000 × 30000 PNG of one colour is 100 KB) would take gigabytes.
 */
const DECODE_LIMIT = 64_000_000;

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
  // From the device: drawn once its size is known to be small enough (from its header, or from the
  // server's reading for formats whose header is not read here).
  const localUrl = useObjectUrl(
    local &&
      (plan.kind === 'video' || (plan.kind === 'image' && pixels !== undefined && pixels <= DECODE_LIMIT))
      ? local
      : undefined,
  );
  const remote = useFileLink(host.links, !local && plan.kind !== 'stand-in' ? file?.id : undefined);
  const src = local ? localUrl : remote.url;
  const frame = useVideoFrame(plan.kind === 'video' ? src : undefined);
  // The picture that would not decode (a damaged file, an ICO some browsers do not draw).
  const [broken, setBroken] = useState<string>();

  const standIn = (
    <span className="upload-thumb stand-in" aria-hidden="true">
      {formatLabel(mime)}
    </span>
  );
  const shown = plan.kind === 'video' ? frame.url : src;
  if (plan.kind === 'stand-in' || remote.failed || frame.failed || (shown && shown === broken))
    return standIn;
  if (plan.kind === 'image' && pixels !== undefined && pixels > DECODE_LIMIT) return standIn;
  if (!shown) return <span className="upload-thumb loading" aria-hidden="true" />;
  return (
    <img
      className="upload-thumb"
      src={shown}
      // The card names the file beside it: the picture adds nothing to read aloud.
      alt=""
      decoding="async"
      onError={() => (local || plan.kind === 'video' ? setBroken(shown) : remote.onError())}
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
