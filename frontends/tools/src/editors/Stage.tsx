import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';

/**
 * The picture an editor draws on: the input's image or video frame, scaled to fit the page.
 * Reports how many screen pixels one source pixel is (`scale`), so boxes drawn on top map to the
 * source's pixels. A format the browser cannot show (HEIC, PSD, TIFF...) gets a plain frame of the
 * right proportions instead: the box still works, only the picture is missing.
 */
export function Stage({
  src,
  media,
  frame,
  children,
  stageRef,
}: {
  src: string | undefined;
  media: 'image' | 'video';
  frame: { width: number; height: number };
  children: (scale: number) => ReactNode;
  stageRef?: RefObject<HTMLDivElement | null>;
}) {
  const own = useRef<HTMLDivElement>(null);
  const ref = stageRef ?? own;
  const [shown, setShown] = useState(0);
  const [brokenSrc, setBrokenSrc] = useState<string>();
  const broken = brokenSrc !== undefined && brokenSrc === src;
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setShown(element.getBoundingClientRect().width));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  const scale = shown > 0 ? shown / frame.width : 0;
  const placeholder = !src || broken;
  return (
    <div className="editor-stage" ref={ref}>
      {placeholder ? (
        <div
          className="editor-placeholder"
          style={{
            width: `min(100%, ${Math.min(640, frame.width)}px)`,
            aspectRatio: `${frame.width} / ${frame.height}`,
          }}
        >
          {src ? 'This browser cannot show this format; the box still works.' : 'Loading the picture…'}
        </div>
      ) : media === 'video' ? (
        <video
          src={`${src}#t=0.1`}
          muted
          playsInline
          preload="metadata"
          onError={() => setBrokenSrc(src)}
          style={{ aspectRatio: `${frame.width} / ${frame.height}` }}
        />
      ) : (
        <img
          src={src}
          alt="Your upload"
          onError={() => setBrokenSrc(src)}
          style={{ aspectRatio: `${frame.width} / ${frame.height}` }}
        />
      )}
      {scale > 0 && children(scale)}
    </div>
  );
}
