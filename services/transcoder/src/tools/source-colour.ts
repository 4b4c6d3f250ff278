import type { ProbeResult, ProbeStream } from '@mediakit/ffmpeg';
import { type DynamicRange, dynamicRange, sdrFilters, toneMappedNote } from './colour.ts';

/**
 * The guard's probe of each input of the running jobs, by local path: argument builders only get
 * the path they pass to `-i`. Each job's paths are unique; the guard forgets them when the job ends.
 */
const probes = new Map<string, ProbeResult>();
/** Inputs whose picture an argument builder tone-mapped, for the job's note. */
const toneMapped = new Map<string, DynamicRange>();

export function rememberSource(path: string, probe: ProbeResult): void {
  probes.set(path, probe);
}

export function forgetSources(paths: readonly string[]): void {
  for (const path of paths) {
    probes.delete(path);
    toneMapped.delete(path);
  }
}

/** The notes for what was done to these inputs' colours: one per kind of HDR that was tone-mapped. */
export function colourNotes(paths: readonly string[]): string[] {
  const notes = paths.flatMap((path) => {
    const range = toneMapped.get(path);
    const note = range ? toneMappedNote(range) : undefined;
    return note ? [note] : [];
  });
  return [...new Set(notes)];
}

/** Cover art is a one-frame video stream; ffmpeg's `0:V` skips it, and so does this. */
const isRealVideo = (s: ProbeStream) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1;

/** The video stream the guard read for the input at this path (undefined outside a guarded job). */
export function sourceVideoStream(path: string): ProbeStream | undefined {
  return probes.get(path)?.streams.find(isRealVideo);
}

/**
 * The colour filters (colour.ts) for the input at this path, to start its video chain with: every
 * argument builder that reads a user's video calls this with the path it passes to `-i`.
 */
export function sourceSdrFilters(path: string): string[] {
  const stream = sourceVideoStream(path);
  const range = dynamicRange(stream);
  if (range !== 'sdr') toneMapped.set(path, range);
  return sdrFilters(stream);
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
