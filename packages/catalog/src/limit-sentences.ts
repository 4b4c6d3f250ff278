/**
 * What image-limits.ts and video-limits.ts say alike: "name is W×H (…); the limit is …" and
 * "name is 250 MB; the limit is 200 MB.", with both values precise enough to differ. Each of the
 * two files keeps its own numbers and the sentences only it says.
 */

/** A value the check can trust: unknown, zero and NaN are not guessed at. */
export const known = (value: number | undefined): number | undefined =>
  value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;

export const count = (n: number) => n.toLocaleString('en-US');

/**
 * Both values in words, precisely enough that they differ: "3 h 0 min 5 s … 3 h" rather than
 * "3 h … 3 h", "100,000,001 pixels … 100,000,000 pixels" rather than "100 MP … 100 MP".
 */
export function distinct(
  format: (value: number, precise?: boolean) => string,
  value: number,
  limit: number,
): [string, string] {
  const rough: [string, string] = [format(value), format(limit)];
  return rough[0] !== rough[1] ? rough : [format(value, true), format(limit, true)];
}

/** What both checks measure of every input they look at. */
export interface SizedInput {
  name: string;
  width?: number;
  height?: number;
  size?: number;
}

/** The frame-size sentence, if width × height goes over `maxPixels`; pixels in the caller's words. */
export function pixelsSentence(
  input: SizedInput,
  maxPixels: number,
  formatPixels: (pixels: number, precise?: boolean) => string,
): string | undefined {
  const width = known(input.width);
  const height = known(input.height);
  if (width === undefined || height === undefined || width * height <= maxPixels) return undefined;
  const [is, limit] = distinct(formatPixels, width * height, maxPixels);
  return `${input.name} is ${width}×${height} (${is}); the limit is ${limit}.`;
}

/** The file-size sentence, if the input is larger than `maxBytes`. */
export function bytesSentence(input: SizedInput, maxBytes: number): string | undefined {
  const size = known(input.size);
  if (size === undefined || size <= maxBytes) return undefined;
  const [is, limit] = distinct(formatBytes, size, maxBytes);
  return `${input.name} is ${is}; the limit is ${limit}.`;
}

export const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** "4 GB", "512 MB" in binary units (as file managers and upload limits usually mean them). */
export function formatBytes(bytes: number, precise = false): string {
  if (precise || bytes < 1024) return `${count(bytes)} bytes`;
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${round(value, unit === 0 ? 0 : 1)} ${units[unit]}`;
}
