import type { ProbeStream } from './probe-types.ts';

/**
 * Rotation of a video stream in degrees, normalised to 0, 90, 180 or 270.
 * Modern ffprobe reports it in the "Display Matrix" side data (`rotation`, possibly negative);
 * files written by older muxers, and older ffprobe versions, carry a `rotate` tag instead.
 */
export function streamRotation(stream: Pick<ProbeStream, 'side_data_list' | 'tags'>): number {
  const matrix = stream.side_data_list?.find((sd) => typeof sd.rotation === 'number');
  const raw = matrix ? Number(matrix.rotation) : Number(stream.tags?.rotate ?? 0);
  if (!Number.isFinite(raw)) return 0;
  // Only quarter turns change the displayed shape; snap anything else to the nearest one.
  return (((Math.round(raw / 90) * 90) % 360) + 360) % 360;
}

/** Width and height as a player shows them: swapped for quarter-turn rotations. */
export function displayedSize(
  stream: Pick<ProbeStream, 'width' | 'height' | 'side_data_list' | 'tags'>,
): { width: number; height: number } | undefined {
  const { width, height } = stream;
  if (!width || !height) return undefined;
  const rotation = streamRotation(stream);
  return rotation === 90 || rotation === 270 ? { width: height, height: width } : { width, height };
}
