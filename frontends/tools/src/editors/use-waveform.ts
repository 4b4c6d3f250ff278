import { useEffect, useState } from 'react';
import { columnsPerSlice, emptyPeaks, fillPeaks, type Peaks } from './waveform-peaks.ts';

/**
 * The rate the sound is decoded at for drawing: a waveform needs its envelope, not its treble, and
 * 8 kHz keeps a 10-minute stereo file at 38 MB of samples instead of 230 MB at 48 kHz.
 */
const DRAW_RATE = 8000;
/** Larger files are not decoded in the page (the encoded bytes and the samples would both be held). */
const MAX_BYTES = 300 * 1024 * 1024;

export type Waveform =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; peaks: Peaks; duration: number; done: boolean };

/**
 * The waveform of an audio file, `columns` wide: the bytes (the picked file, else the server's
 * copy) decoded by the browser (`decodeAudioData`, on its own thread), then the peaks computed a
 * slice per frame so the page stays responsive. `failed` when the browser cannot decode the
 * format (WMA; AIFF in Chrome) or the file is too large to decode here.
 */
export function useWaveform(source: { local?: File; url?: string }, columns: number): Waveform {
  const { local, url } = source;
  const [channels, setChannels] = useState<{ data: Float32Array[]; duration: number } | 'failed'>();
  const [waveform, setWaveform] = useState<Waveform>({ state: 'loading' });

  useEffect(() => {
    setChannels(undefined);
    if (!local && !url) return;
    let current = true;
    decode(local, url).then(
      (found) => current && setChannels(found),
      () => current && setChannels('failed'),
    );
    return () => {
      current = false;
    };
  }, [local, url]);

  useEffect(() => {
    if (channels === 'failed') return setWaveform({ state: 'failed' });
    if (!channels || columns < 1) return setWaveform({ state: 'loading' });
    const peaks = emptyPeaks(columns);
    const length = channels.data[0]?.length ?? 0;
    const slice = columnsPerSlice(length / columns, channels.data.length);
    let from = 0;
    let frame = 0;
    const step = () => {
      fillPeaks(channels.data, peaks, from, from + slice);
      from += slice;
      const done = from >= columns;
      // A new object each time, so the canvas redraws with the columns filled so far.
      setWaveform({ state: 'ready', peaks: { ...peaks }, duration: channels.duration, done });
      if (!done) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [channels, columns]);

  return waveform;
}

async function decode(local: File | undefined, url: string | undefined) {
  if (local && local.size > MAX_BYTES) throw new Error('too large to draw');
  const bytes = local ? await local.arrayBuffer() : await fetchBytes(url ?? '');
  // An offline context decodes without an audio device and resamples to its rate.
  const context = new OfflineAudioContext(1, 1, DRAW_RATE);
  const buffer = await context.decodeAudioData(bytes);
  const data = Array.from({ length: buffer.numberOfChannels }, (_, i) => buffer.getChannelData(i));
  return { data, duration: buffer.duration };
}

async function fetchBytes(url: string): Promise<ArrayBuffer> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  if (Number(response.headers.get('content-length')) > MAX_BYTES) throw new Error('too large to draw');
  return response.arrayBuffer();
}
