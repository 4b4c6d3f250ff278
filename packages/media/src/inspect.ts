import { fileTypeFromFile } from 'file-type';
import type { SniffedFormat } from './formats.ts';
import { AVIF_FORMAT, formatFromFileType, HEIC_FORMAT, SVG_FORMAT } from './formats.ts';
import { readHeifFile } from './heif.ts';
import { readHeifSequence } from './heif-sequence.ts';
import type { InspectAvOptions } from './inspect-av.ts';
import { inspectAv } from './inspect-av.ts';
import { inspectImage } from './inspect-image.ts';
import { isSvgFile } from './svg.ts';
import type { MediaInfo } from './types.ts';

export type InspectOptions = InspectAvOptions;

/**
 * What a file is, read from its bytes only (its name is never consulted, so a text file named
 * x.png is null). Null means "not a format the platform handles, or unreadable".
 */
export async function inspectFile(path: string, opts: InspectOptions = {}): Promise<MediaInfo | null> {
  const sniffed = await sniff(path);
  if (!sniffed) return null;
  switch (sniffed.media) {
    case 'archive':
      return { ...sniffed };
    case 'image':
      return inspectImage(path, sniffed);
    default:
      return inspectAv(path, sniffed, opts);
  }
}

/** Magic numbers via file-type; SVG (text, unknown to file-type) by its root element. */
export async function sniff(path: string): Promise<SniffedFormat | undefined> {
  const type = await fileTypeFromFile(path);
  if (type) {
    // file-type names HEIF files by their major brand only; the primary image's codec decides.
    if (type.ext === 'heic' || type.ext === 'avif') return sniffHeif(path, type.ext);
    // An HEVC image sequence whose major brand is "hevs" looks like any MP4 to file-type.
    if (type.ext === 'mp4') {
      const sequence = await readHeifSequence(path);
      if (sequence) return sequence.codec === 'hevc' ? HEIC_FORMAT : AVIF_FORMAT;
    }
    const known = formatFromFileType(type.ext);
    if (known) return known;
    // An SVG with an XML declaration is reported as generic XML.
    if (type.ext !== 'xml') return undefined;
  }
  return (await isSvgFile(path)) ? SVG_FORMAT : undefined;
}

/**
 * HEIC or AVIF by what the primary image is coded with (brands such as "mif1" are shared by both):
 * HEVC is HEIC, AV1 is AVIF. A HEIF holding something else (JPEG, uncompressed) is not ours.
 */
async function sniffHeif(path: string, byBrand: 'heic' | 'avif'): Promise<SniffedFormat | undefined> {
  const heif = await readHeifFile(path);
  if (heif?.codec === 'hevc') return HEIC_FORMAT;
  if (heif?.codec === 'av1') return AVIF_FORMAT;
  if (heif?.codec === undefined) {
    // No still image: an image sequence (animated AVIF or HEIF) is named by its track's codec.
    const sequence = await readHeifSequence(path);
    if (sequence) return sequence.codec === 'hevc' ? HEIC_FORMAT : AVIF_FORMAT;
  }
  // No item structure to read: trust an AVIF brand, which sharp can check.
  return heif?.codec === undefined && byBrand === 'avif' ? AVIF_FORMAT : undefined;
}
