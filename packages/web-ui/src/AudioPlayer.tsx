import type { FileLinks } from '@mediakit/web-api/download-links';
import { useState } from 'react';
import { useFileLink } from './use-file-link.ts';

/** Sound-only files: played with an `<audio>` element rather than drawn. */
export const isAudio = (mime: string | undefined): boolean => mime?.startsWith('audio/') ?? false;

const CANNOT_PLAY = 'This browser cannot play this format; download the file to listen to it.';

/**
 * The browser's own audio player (play, seek, volume, and on phones the system's media controls)
 * for a file's sound. `preload="metadata"` reads only the first bytes until Play; a format the
 * browser cannot play (WMA, AIFF in Chrome) becomes a sentence saying so.
 */
export function AudioPlayer({
  src,
  name,
  preload = 'metadata',
  onError,
}: {
  src: string | undefined;
  name: string;
  preload?: 'none' | 'metadata';
  /** A load error: return true when it is handled (a new link is being fetched). */
  onError?: () => boolean;
}) {
  const [broken, setBroken] = useState<string>();
  if (src && src === broken) return <p className="meta audio-unplayable">{CANNOT_PLAY}</p>;
  return (
    // biome-ignore lint/a11y/useMediaCaption: the user's own recording; there is nothing to caption
    <audio
      className="audio-player"
      src={src}
      controls
      preload={preload}
      aria-label={`Play ${name}`}
      onError={() => {
        if (!onError?.()) setBroken(src);
      }}
    />
  );
}

/**
 * A file on the server played from its inline download link, which the browser streams with Range
 * requests (a long file is never held in the page). `load` false asks for no link yet (a card far
 * down a list).
 */
export function FileAudioPlayer({
  links,
  file,
  load = true,
  preload,
}: {
  links: FileLinks;
  file: { id: string; name: string };
  load?: boolean;
  preload?: 'none' | 'metadata';
}) {
  const { url, failed, onError } = useFileLink(links, load ? file.id : undefined);
  if (failed) return <p className="meta audio-unplayable">{CANNOT_PLAY}</p>;
  return (
    <AudioPlayer
      src={url}
      name={file.name}
      preload={preload}
      onError={() => {
        onError();
        return true;
      }}
    />
  );
}
