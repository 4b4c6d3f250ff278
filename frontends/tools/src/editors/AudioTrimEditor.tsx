import { useRef, useState } from 'react';
import { percentOf, RangeControls, RangeTimeline } from './RangeTimeline.tsx';
import { formatSeconds as fmt, placeHandle, rangeOf } from './trim-geometry.ts';
import type { EditorProps } from './types.ts';
import { useInputPreview } from './use-local-preview.ts';
import { useRangePlayback } from './use-range-playback.ts';
import { useWaveform } from './use-waveform.ts';
import { useCanvasColumns, WaveformCanvas } from './WaveformCanvas.tsx';

/**
 * trim-audio: the file's waveform with a start and an end handle (drag, arrow keys), the part
 * outside them shaded, a player, "set start/end here" and playback of exactly the selection. The
 * form's fields follow the handles and move them. A format the browser cannot decode (WMA, AIFF in
 * Chrome) leaves the fields alone, with a line saying so.
 */
export function AudioTrimEditor({ host, items, values, setValues, disabled }: EditorProps) {
  const item = items[0];
  const src = useInputPreview(host, item);
  const audio = useRef<HTMLAudioElement>(null);
  const { canvas, columns } = useCanvasColumns();
  const waveform = useWaveform({ local: item?.local, url: item?.local ? undefined : src }, columns);
  const [now, setNow] = useState(0);
  const decoded = waveform.state === 'ready' ? waveform.duration : undefined;
  const length = item?.file?.duration ?? decoded ?? 0;
  const range = rangeOf(values, length);
  const { start, end } = range;
  const playSelection = useRangePlayback(audio, start, end);

  if (!item) return null;
  if (waveform.state === 'failed') {
    return (
      <p className="meta waveform-note" role="status">
        This browser cannot play this format, so there is no waveform: set the start and end below.
      </p>
    );
  }

  const seek = (t: number) => {
    setNow(t);
    if (audio.current) audio.current.currentTime = t;
  };
  const set = (which: 'start' | 'end', t: number) => {
    const value = placeHandle(which, t, range);
    setValues({ [which]: fmt(value) });
    seek(value);
  };
  const ready = waveform.state === 'ready' && length > 0;

  return (
    <div className="editor trim-editor audio-trim-editor" aria-busy={!ready}>
      {/* biome-ignore lint/a11y/useMediaCaption: the user's own recording; there is nothing to caption */}
      <audio
        ref={audio}
        className="audio-player"
        src={src}
        controls
        preload="metadata"
        onTimeUpdate={(e) => setNow(e.currentTarget.currentTime)}
      />
      <div
        className="waveform-frame"
        data-waveform={waveform.state === 'ready' && waveform.done ? 'drawn' : waveform.state}
      >
        <RangeTimeline
          className="waveform"
          range={range}
          now={now}
          disabled={disabled || !ready}
          onHandle={set}
          onSeek={seek}
        >
          {/* Drawn as soon as it is measured: the peaks are computed for its width. */}
          <WaveformCanvas canvas={canvas} peaks={ready ? waveform.peaks : undefined} />
          <div className="waveform-shade" style={{ left: 0, width: percentOf(start, length) }} />
          <div className="waveform-shade" style={{ left: percentOf(end, length), right: 0 }} />
        </RangeTimeline>
        {!ready && <p className="meta waveform-loading">Drawing the waveform…</p>}
      </div>
      <RangeControls
        range={range}
        now={now}
        disabled={disabled}
        onHandle={set}
        play={{ label: 'Play selection', onClick: playSelection, disabled: !ready }}
      />
    </div>
  );
}
