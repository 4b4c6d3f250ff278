import type { ProbeStream } from '@mediakit/ffmpeg';
import { probedPath } from '../guard.ts';
import { type DynamicRange, dynamicRange, sdrFilters } from './colour.ts';

/** Cover art is a one-frame video stream; ffmpeg's `0:V` skips it, and so does this. */
const isRealVideo = (s: ProbeStream) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1;

/** The video stream the guard read for the input at this path (undefined outside a guarded job). */
export function sourceVideoStream(path: string): ProbeStream | undefined {
  return probedPath(path)?.streams.find(isRealVideo);
}

/**
 * The colour filters (colour.ts) for the input at this path, to start its video chain with: every
 * argument builder that reads a user's video calls this with the path it passes to `-i`.
 */
export function sourceSdrFilters(path: string): string[] {
  return sdrFilters(sourceVideoStream(path));
}

/** PQ, HLG or SDR, for the job's note. */
export function sourceDynamicRange(path: string): DynamicRange {
  return dynamicRange(sourceVideoStream(path));
}

/**
 * For a filter graph: input `index`'s video (`stream`, a specifier such as `v:0`) with its colour filters. `prelude` (empty for BT.709
 * SDR) goes first in the graph; `label` then names the converted picture (`[0:v:0]` or `[c0]`).
 */
export function sourceColourInput(
  index: number,
  path: string,
  stream = 'v:0',
): { prelude: string; label: string } {
  const filters = sourceSdrFilters(path);
  if (filters.length === 0) return { prelude: '', label: `[${index}:${stream}]` };
  return { prelude: `[${index}:${stream}]${filters.join(',')}[c${index}];`, label: `[c${index}]` };
}
