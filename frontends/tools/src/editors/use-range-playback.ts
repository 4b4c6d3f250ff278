import { type RefObject, useEffect, useRef } from 'react';

/**
 * "Play the part to keep": plays a media element from `start` and pauses it at `end`, checked on
 * every frame (the element's own timeupdate comes only every quarter second, too late to stop
 * exactly). A pause by the user ends it too.
 */
export function useRangePlayback(media: RefObject<HTMLMediaElement | null>, start: number, end: number) {
  const stop = useRef<() => void>(undefined);
  const range = useRef({ start, end });
  range.current = { start, end };
  useEffect(() => () => stop.current?.(), []);

  return () => {
    const element = media.current;
    if (!element) return;
    stop.current?.();
    let frame = 0;
    const watch = () => {
      if (element.currentTime >= range.current.end) {
        element.pause();
        element.currentTime = range.current.end;
        return;
      }
      frame = requestAnimationFrame(watch);
    };
    const end = () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('pause', end);
      stop.current = undefined;
    };
    stop.current = end;
    element.addEventListener('pause', end);
    element.currentTime = range.current.start;
    void element.play().then(
      () => {
        frame = requestAnimationFrame(watch);
      },
      () => end(),
    );
  };
}
