import { useRef, useState } from 'react';
import { percentOf, RangeControls, RangeTimeline } from './RangeTimeline.tsx';
import { formatSeconds as fmt, placeHandle, rangeOf } from './trim-geometry.ts';
import type { EditorProps } from './types.ts';
import { useInputPreview } from './use-local-preview.ts';
import { useRangePlayback } from './use-range-playback.ts';

/**
 * trim-video: the video with a timeline whose two handles are the start and the end (drag them,
 * or focus one and use the arrow keys), "set start/end here" from the playhead, and playback of
 * just the chosen range. The form's start and end fields follow, and typing there moves the handles.
 */
export function TrimEditor({ host, items, values, setValues, disabled }: EditorProps) {
  const item = items[0];
  const src = useInputPreview(host, item);
  const video = useRef<HTMLVideoElement>(null);
  const [duration, setDuration] = useState<number>();
  const [now, setNow] = useState(0);
  const length = item?.file?.duration ?? duration ?? 0;
  const range = rangeOf(values, length);
  const { start, end } = range;
  const playRange = useRangePlayback(video, start, end);

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
    const value = placeHandle(which, t, range);
    setValues({ [which]: fmt(value) });
    seek(value);
  };

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
      <RangeTimeline range={range} now={now} disabled={disabled} onHandle={set} onSeek={seek}>
        <div className="timeline-track" />
        <div
          className="timeline-range"
          style={{ left: percentOf(start, length), width: percentOf(end - start, length) }}
        />
      </RangeTimeline>
      <RangeControls
        range={range}
        now={now}
        disabled={disabled}
        onHandle={set}
        play={{ label: 'Play the part to keep', onClick: playRange }}
      />
    </div>
  );
}
