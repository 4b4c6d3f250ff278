import { useEffect, useState } from 'react';

/** The width of a frame taken for a thumbnail (twice the card's thumbnail, for sharp screens). */
const FRAME_WIDTH = 160;

/**
 * A video's first frame as an image URL (a small JPEG made in the page), for a thumbnail: `src` is
 * the local file's object URL or the server's inline link (same origin, so the frame can be read).
 * Only the first bytes are loaded; the video element and the frame's URL are let go with the card.
 * `failed` when the browser cannot decode the video (AVI, WMV, HEVC in some MOVs).
 */
export function useVideoFrame(src: string | undefined): { url?: string; failed: boolean } {
  const [state, setState] = useState<{ url?: string; failed: boolean }>({ failed: false });
  useEffect(() => {
    setState({ failed: false });
    if (!src) return;
    let frameUrl: string | undefined;
    let done = false;
    const video = document.createElement('video');
    const fail = () => {
      if (done) return;
      done = true;
      setState({ failed: true });
    };
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.addEventListener('error', fail);
    // A moment in, not 0: some encoders put a black frame first.
    video.addEventListener('loadedmetadata', () => {
      video.currentTime = Math.min(0.1, (video.duration || 0) / 2);
    });
    video.addEventListener('seeked', () => {
      if (done || !video.videoWidth || !video.videoHeight) return fail();
      const canvas = document.createElement('canvas');
      canvas.width = Math.min(FRAME_WIDTH, video.videoWidth);
      canvas.height = Math.max(1, Math.round((canvas.width * video.videoHeight) / video.videoWidth));
      const context = canvas.getContext('2d');
      if (!context) return fail();
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvas.toBlob(
        (blob) => {
          if (done) return;
          if (!blob) return fail();
          done = true;
          frameUrl = URL.createObjectURL(blob);
          setState({ url: frameUrl, failed: false });
        },
        'image/jpeg',
        0.8,
      );
    });
    video.src = src;
    return () => {
      done = true;
      video.removeAttribute('src');
      video.load();
      if (frameUrl) URL.revokeObjectURL(frameUrl);
    };
  }, [src]);
  return state;
}
