import type { ProbeStream } from '@mediakit/ffmpeg';

/**
 * The one place that decides how a source's colours reach an SDR (8-bit BT.709) H.264 output.
 * Every tool that encodes such an output starts its video filter chain with sdrFiltersFor() and
 * tags the file with SDR_BT709_TAGS (h264VideoArgs does), so players never have to guess.
 *
 * - PQ (HDR10, "smpte2084") and HLG ("arib-std-b67") sources are tone-mapped: decoded to linear
 *   light, mapped to BT.709 primaries, compressed with the Hable curve (desat=0 keeps saturated
 *   highlights coloured), then written as limited-range BT.709. Without it PQ/HLG code values are
 *   shown as if they were BT.709 and the picture looks flat and grey.
 * - SDR sources in BT.601 (standard-definition: tagged smpte170m/bt470bg, or untagged and under
 *   720 lines, as players assume) get their matrix converted, so the bt709 tag tells the truth.
 * - Everything else (BT.709, untagged HD) passes through untouched.
 */

export type DynamicRange = 'pq' | 'hlg' | 'sdr';

/** PQ or HLG by the transfer characteristics; 10-bit alone is not HDR (10-bit SDR H.264 exists). */
export function dynamicRange(stream: Pick<ProbeStream, 'color_transfer'> | undefined): DynamicRange {
  if (stream?.color_transfer === 'smpte2084') return 'pq';
  if (stream?.color_transfer === 'arib-std-b67') return 'hlg';
  return 'sdr';
}

/** Output tags of every SDR H.264 file: BT.709 primaries, transfer and matrix. */
export const SDR_BT709_TAGS: readonly string[] = [
  '-color_primaries',
  'bt709',
  '-color_trc',
  'bt709',
  '-colorspace',
  'bt709',
];

// zscale names we pass on from ffprobe; anything else falls back to what HDR video uses (BT.2020).
const ZSCALE_PRIMARIES = new Set(['bt2020', 'bt709', 'smpte432']);
const ZSCALE_MATRICES = new Set(['bt2020nc', 'bt2020c', 'bt709']);

/**
 * Tone-mapping from PQ/HLG to SDR BT.709 yuv420p. The input's description is given explicitly
 * (zscale refuses frames whose primaries or matrix are unspecified, as some HDR files have them).
 * npl=100: SDR white is 100 cd/m², the nominal peak of the output.
 */
export function toneMapToSdrFilters(
  stream: Pick<ProbeStream, 'color_transfer' | 'color_primaries' | 'color_space' | 'color_range'>,
): string[] {
  const tin = dynamicRange(stream) === 'hlg' ? 'arib-std-b67' : 'smpte2084';
  const pin = ZSCALE_PRIMARIES.has(stream.color_primaries ?? '') ? stream.color_primaries : 'bt2020';
  const min = ZSCALE_MATRICES.has(stream.color_space ?? '') ? stream.color_space : 'bt2020nc';
  const rin = stream.color_range === 'pc' ? 'full' : 'limited';
  return [
    `zscale=tin=${tin}:pin=${pin}:min=${min}:rin=${rin}:t=linear:npl=100`,
    'format=gbrpf32le',
    'zscale=p=bt709',
    'tonemap=hable:desat=0',
    'zscale=t=bt709:m=bt709:r=tv',
    'format=yuv420p',
  ];
}

const BT601_MATRICES = new Set(['smpte170m', 'bt470bg']);

/** True for a standard-definition source in BT.601, by its tag or, untagged, by its height. */
function isBt601(stream: Pick<ProbeStream, 'color_space' | 'height'>): boolean {
  if (stream.color_space && stream.color_space !== 'unknown') return BT601_MATRICES.has(stream.color_space);
  return stream.height !== undefined && stream.height < 720;
}

/**
 * Filters that bring this source's picture to SDR BT.709, to put first in the video chain (before
 * any overlay or text, which are drawn in SDR). Empty when the picture is BT.709 SDR already.
 */
export function sdrFilters(
  stream:
    | Pick<ProbeStream, 'color_transfer' | 'color_primaries' | 'color_space' | 'color_range' | 'height'>
    | undefined,
): string[] {
  if (!stream) return [];
  if (dynamicRange(stream) !== 'sdr') return toneMapToSdrFilters(stream);
  return isBt601(stream) ? ['scale=in_color_matrix=bt601:out_color_matrix=bt709'] : [];
}

/**
 * Slides are JPEGs (full-range BT.601, as JPEG defines): brought to limited-range BT.709 so the
 * bt709 tags of the video are true.
 */
export const JPEG_TO_BT709_FILTER =
  'scale=in_color_matrix=bt601:out_color_matrix=bt709:in_range=pc:out_range=tv';

const HDR_NAMES: Record<Exclude<DynamicRange, 'sdr'>, string> = { pq: 'HDR10 (PQ)', hlg: 'HLG' };

/** The sentence the job reports when an HDR source was tone-mapped, or undefined for SDR. */
export function toneMappedNote(range: DynamicRange): string | undefined {
  if (range === 'sdr') return undefined;
  return `The video is ${HDR_NAMES[range]} HDR; it was tone-mapped to standard dynamic range (SDR, BT.709) so it looks right on every screen.`;
}

/** The sentence the job reports when an HDR source was copied as it is, or undefined for SDR. */
export function keptHdrNote(range: DynamicRange): string | undefined {
  if (range === 'sdr') return undefined;
  return `The video is ${HDR_NAMES[range]} HDR and was kept in HDR (10-bit HEVC with its colour information); it looks best on an HDR screen.`;
}
