import { describeFormat } from '@mediakit/catalog/mime';

/** Image formats of the catalog that every current browser draws in an `<img>`. */
const DRAWN = new Set([
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

/**
 * How to preview a file: draw it, take a video's first frame, or a stand-in naming the format
 * (HEIC, PSD and TIFF, which browsers do not draw). Videos are tried whatever their container:
 * whether the browser decodes one (MP4 and WebM always, MOV and MKV often, AVI and WMV never) is
 * known only by trying, and a failure falls back to the stand-in. SVG is drawn from the device
 * only: the server never serves it inline.
 */
export type PreviewPlan = { kind: 'image' } | { kind: 'video' } | { kind: 'stand-in'; label: string };

export function previewPlan(mime: string | undefined, from: 'device' | 'server'): PreviewPlan {
  if (mime && (DRAWN.has(mime) || (mime === 'image/svg+xml' && from === 'device'))) return { kind: 'image' };
  if (mime?.startsWith('video/')) return { kind: 'video' };
  return { kind: 'stand-in', label: formatLabel(mime) };
}

/** The format's name for a stand-in: "HEIC", "PSD", "MOV"; "File" when not known. */
export function formatLabel(mime: string | undefined): string {
  const label = mime ? describeFormat(mime) : 'unrecognised';
  return label === 'unrecognised' ? 'File' : label;
}
