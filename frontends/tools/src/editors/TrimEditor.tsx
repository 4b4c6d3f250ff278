import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { formatDuration } from '../upload/file-facts.ts';
import type { EditorProps } from './types.ts';
import { useInputPreview } from './use-local-preview.ts';

const MIN_GAP = 0.1;
const fmt = (t: number) => String(Number(t.toFixed(2)));
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/**
 * trim-video: the video with a timeline whose two handles are the start and the end (drag them,
 * or focus one and use the arrow keys), "set start/end here" from the playhead, and playback of
 * just the chosen range. The form's start and end fields follow, and typing there moves the handles.
 */
export function TrimEditor({ host, items, values, setValues, disabled }: EditorProps) {
  const item = items[0];
  const src = useInputPreview(host, item);
  const video = useRef<HTMLVideoElement>(null);
  const timeline = useRef<HTMLDivElement>(null);
  const [duration, setDuration] = useState<number>();
  const [now, setNow] = useState(0);
  const [playingRange, setPlayingRange] = useState(false);
  const length = item?.file?.duration ?? duration ?? 0;
  const start = clamp(Number(values.start) || 0, 0, length);
  const end = clamp(
    values.end === '' || values.end === undefined ? length : Number(values.end) || 0,
    0,
    length,
  );

  useEffect(() => {
    const v = video.current;
    if (!v || !playingRange) return;
    const stopAtEnd = () => {
      if (v.currentTime >= end) {
        v.pause();
        v.currentTime = start;
        setPlayingRange(false);
      }
    };
    v.addEventListener('timeupdate', stopAtEnd);
    return () => v.removeEventListener('timeupdate', stopAtEnd);
  }, [playingRange, start, end]);

  if (!item) return null;
  if (!length) {
    return (
      <div className="editor">
        <p className="meta">The timeline appears when the video's length is known.</p>
        {src && (
          // biome-ignore lint/a11y/useMediaCaption: only read for its length, never shown
          <video
            src={src}
            preload="metadata"
            onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
            hidden
          />
        )}
      </div>
    );
  }

  const seek = (t: number) => {
    if (video.current) video.current.currentTime = t;
  };
  const set = (which: 'start' | 'end', t: number) => {
    const value = which === 'start' ? clamp(t, 0, end - MIN_GAP) : clamp(t, start + MIN_GAP, length);
    setValues({ [which]: fmt(value) });
    seek(value);
  };
  const timeAt = (clientX: number) => {
    const rect = timeline.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return 0;
    return clamp(((clientX - rect.left) / rect.width) * length, 0, length);
  };
  const drag = (which: 'start' | 'end') => ({
    onPointerDown: (event: PointerEvent<HTMLButtonElement>) => {
      if (disabled) return;
      event.currentTarget.setPointerCapture(event.pointerId);
      event.preventDefault();
    },
    onPointerMove: (event: PointerEvent<HTMLButtonElement>) => {
      if (event.currentTarget.hasPointerCapture(event.pointerId)) set(which, timeAt(event.clientX));
    },
    onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
      const current = which === 'start' ? start : end;
      const step = event.shiftKey ? 1 : 0.1;
      const next =
        event.key === 'ArrowLeft' || event.key === 'ArrowDown'
          ? current - step
          : event.key === 'ArrowRight' || event.key === 'ArrowUp'
            ? current + step
            : event.key === 'Home'
              ? 0
              : event.key === 'End'
                ? length
                : undefined;
      if (next === undefined) return;
      event.preventDefault();
      set(which, next);
    },
  });
  const pct = (t: number) => `${(t / length) * 100}%`;
  const thumb = (which: 'start' | 'end', t: number, label: string) => (
    <button
      type="button"
      className={`timeline-thumb ${which}`}
      style={{ left: pct(t) }}
      role="slider"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Number(length.toFixed(2))}
      aria-valuenow={Number(t.toFixed(2))}
      aria-valuetext={`${fmt(t)} seconds`}
      disabled={disabled}
      {...drag(which)}
    />
  );

  return (
    <div className="editor trim-editor">
      <div className="editor-stage">
        {/* biome-ignore lint/a11y/useMediaCaption: the user's own video */}
        <video
          ref={video}
          src={src}
          controls
          playsInline
          preload="metadata"
          onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
          onTimeUpdate={(e) => setNow(e.currentTarget.currentTime)}
        />
      </div>
      <div
        className="timeline"
        ref={timeline}
        onPointerDown={(event) => {
          // A tap on the track moves the playhead there (the handles take their own drags).
          if (
            event.target === event.currentTarget ||
            (event.target as HTMLElement).classList.contains('timeline-track')
          )
            seek(timeAt(event.clientX));
        }}
      >
        <div className="timeline-track" />
        <div className="timeline-range" style={{ left: pct(start), width: pct(end - start) }} />
        <div className="timeline-playhead" style={{ left: pct(now) }} />
        {thumb('start', start, 'Start of the part to keep')}
        {thumb('end', end, 'End of the part to keep')}
      </div>
      <div className="timeline-labels meta">
        <span>Start {fmt(start)} s</span>
        <span>Keeps {formatDuration(Math.max(0, end - start))}</span>
        <span>End {fmt(end)} s</span>
      </div>
      <div className="editor-buttons">
        <button type="button" className="button" disabled={disabled} onClick={() => set('start', now)}>
          Set start here ({fmt(now)} s)
        </button>
        <button type="button" className="button" disabled={disabled} onClick={() => set('end', now)}>
          Set end here
        </button>
        <button
          type="button"
          className="button"
          onClick={() => {
            const v = video.current;
            if (!v) return;
            v.currentTime = start;
            setPlayingRange(true);
            void v.play().catch(() => setPlayingRange(false));
          }}
        >
          ▶ Play the part to keep
        </button>
      </div>
    </div>
  );
}
