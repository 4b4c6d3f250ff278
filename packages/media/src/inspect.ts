import { fileTypeFromFile } from 'file-type';
import type { SniffedFormat } from './formats.ts';
import { formatFromFileType, SVG_FORMAT } from './formats.ts';
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
    const known = formatFromFileType(type.ext);
    if (known) return known;
    // An SVG with an XML declaration is reported as generic XML.
    if (type.ext !== 'xml') return undefined;
  }
  return (await isSvgFile(path)) ? SVG_FORMAT : undefined;
}
