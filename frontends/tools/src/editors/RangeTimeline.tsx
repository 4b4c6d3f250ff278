import { type KeyboardEvent, type PointerEvent, type ReactNode, useRef } from 'react';
import { formatDuration } from '../upload/file-facts.ts';
import { formatSeconds as fmt, keyTarget, type Range, timeAt } from './trim-geometry.ts';

interface RangeTimelineProps {
  range: Range;
  /** The playhead (s). */
  now: number;
  disabled?: boolean;
  /** A handle dragged or moved by a key to `t` (not yet kept in order: see placeHandle). */
  onHandle(which: 'start' | 'end', t: number): void;
  /** A tap on the timeline outside the handles: move the playhead there. */
  onSeek(t: number): void;
  className?: string;
  /** What the timeline shows under the handles (a track, a waveform). */
  children: ReactNode;
}

/**
 * A timeline with two handles, the start and the end of the part to keep (trim-video, trim-audio):
 * dragged with a mouse, a finger or a pen (pointer capture), or focused and moved with the arrow
 * keys (Shift = 1 s, Home, End). Each handle is a slider for assistive technology.
 */
export function RangeTimeline({
  range,
  now,
  disabled,
  onHandle,
  onSeek,
  className,
  children,
}: RangeTimelineProps) {
  const timeline = useRef<HTMLDivElement>(null);
  const { start, end, length } = range;
  const at = (clientX: number) => {
    const rect = timeline.current?.getBoundingClientRect();
    return rect ? timeAt(clientX - rect.left, rect.width, length) : 0;
  };
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
      aria-valuetext={`${Number(t.toFixed(2))} seconds`}
      disabled={disabled}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        if (disabled) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        event.preventDefault();
      }}
      onPointerMove={(event: PointerEvent<HTMLButtonElement>) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) onHandle(which, at(event.clientX));
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        const next = keyTarget(event.key, event.shiftKey, t, length);
        if (next === undefined) return;
        event.preventDefault();
        onHandle(which, next);
      }}
    />
  );
  return (
    <div
      className={`timeline${className ? ` ${className}` : ''}`}
      ref={timeline}
      onPointerDown={(event) => {
        // A tap on the timeline moves the playhead there (the handles take their own drags).
        if (!(event.target as HTMLElement).classList.contains('timeline-thumb')) onSeek(at(event.clientX));
      }}
    >
      {children}
      <div className="timeline-playhead" style={{ left: pct(now) }} />
      {thumb('start', start, 'Start of the part to keep')}
      {thumb('end', end, 'End of the part to keep')}
    </div>
  );
}

/** Percent of the timeline for a time, for what the children place on it. */
export const percentOf = (t: number, length: number) => `${length > 0 ? (t / length) * 100 : 0}%`;

/** Under a range timeline: the range in words, "set start/end here" from the playhead, and playback. */
export function RangeControls({
  range: { start, end },
  now,
  disabled,
  onHandle,
  play,
}: Pick<RangeTimelineProps, 'range' | 'now' | 'disabled' | 'onHandle'> & {
  play: { label: string; onClick(): void; disabled?: boolean };
}) {
  return (
    <>
      <div className="timeline-labels meta">
        <span>Start {fmt(start)} s</span>
        <span>Keeps {formatDuration(Math.max(0, end - start))}</span>
        <span>End {fmt(end)} s</span>
      </div>
      <div className="editor-buttons">
        <button type="button" className="button" disabled={disabled} onClick={() => onHandle('start', now)}>
          Set start here ({fmt(now)} s)
        </button>
        <button type="button" className="button" disabled={disabled} onClick={() => onHandle('end', now)}>
          Set end here
        </button>
        <button type="button" className="button" disabled={play.disabled} onClick={play.onClick}>
          ▶ {play.label}
        </button>
      </div>
    </>
  );
}
