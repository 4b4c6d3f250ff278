/**
 * The 27 converters, built from one table. Each takes only its source format (checked on the content,
 * not the file name). Params: `quality`? 1..100. Image converters take 1..50 inputs, video converters 1.
 */
import { type Static, Type } from 'typebox';
import { FORMATS, type FormatName } from './mime.ts';
import { params, quality } from './schema.ts';
import type { CatalogEntry } from './types.ts';

export const converterParams = params({ quality: Type.Optional(quality()) });
export type ConverterParams = Static<typeof converterParams>;

/**
 * [source, target, what this converter is good for (one sentence, ends with a period), formats it
 * also takes]. MOV's converter also takes phone 3GP/3G2: the same ISO box family, and no converter
 * of their own is offered.
 */
type Row = readonly [FormatName, FormatName, string, (readonly FormatName[])?];

const VIDEO_ROWS: readonly Row[] = [
  ['mov', 'mp4', 'Ideal for iPhone and QuickTime recordings.', ['3gp', '3g2']],
  ['avi', 'mp4', 'Gives old camera and DVD rips a modern, smaller format.'],
  ['wmv', 'mp4', 'Frees Windows Media files for Mac, iPhone and the web.'],
  ['mkv', 'mp4', 'Makes Matroska downloads play on TVs, phones and editors.'],
  ['flv', 'mp4', 'Rescues old Flash videos, which browsers no longer play.'],
  ['mpeg-ts', 'mp4', 'Turns TV recordings and stream captures into a normal file.'],
  ['webm', 'mp4', 'Makes web and screen recordings play on iPhone and in editors.'],
];

const IMAGE_ROWS: readonly Row[] = [
  ['jpg', 'png', 'Get lossless copies that survive further edits.'],
  ['png', 'jpg', 'Get much smaller files; transparent areas turn white.'],
  ['gif', 'jpg', 'Animated GIFs give their first frame as a photo.'],
  ['gif', 'png', 'Keeps transparency; animated GIFs give their first frame.'],
  ['bmp', 'jpg', 'Turns bulky bitmaps into small photos.'],
  ['bmp', 'png', 'Shrinks bitmaps without losing a single pixel.'],
  ['tiff', 'jpg', 'Turns large scans and print files into light photos.'],
  ['tiff', 'png', 'Keeps scans lossless and ready for the web.'],
  ['webp', 'jpg', 'Transparency turns white; animated WebPs give their first frame.'],
  ['webp', 'png', 'Keeps transparency; animated WebPs give their first frame.'],
  ['heic', 'jpg', 'Opens iPhone photos anywhere; HEIF animations give their first frame.'],
  ['heic', 'png', 'Lossless copies of iPhone photos; HEIF animations give their first frame.'],
  ['avif', 'jpg', 'Opens AVIF pictures anywhere; animated AVIFs give their first frame.'],
  ['avif', 'png', 'Keeps detail and transparency; animated AVIFs give their first frame.'],
  ['ico', 'jpg', 'Saves the largest size in the icon as a picture.'],
  ['ico', 'png', 'Extracts the largest icon size with its transparency.'],
  ['svg', 'jpg', 'Renders vector graphics on a white background.'],
  ['svg', 'png', 'Renders vector graphics with a transparent background.'],
  ['psd', 'jpg', 'Shares Photoshop designs with people who lack Photoshop.'],
  ['psd', 'png', 'Exports Photoshop files as flat images with transparency.'],
];

/** Source format of each converter, by name. */
const SOURCES = new Map<string, FormatName>();

/** Names "mpeg-ts-to-mp4" the way the API does: format names joined by "-to-". */
function converter([from, to, note, alsoTakes = []]: Row): CatalogEntry {
  const src = FORMATS[from];
  const dst = FORMATS[to];
  const name = `${from}-to-${to}`;
  SOURCES.set(name, from);
  const video = src.media === 'video';
  const description = video
    ? `Convert ${src.label} videos to MP4 that plays on every phone, browser and editor. ${note} Free, no watermark.`
    : `Convert ${src.label} images to ${dst.label}, up to 50 files at once. ${note} Free, no watermark.`;
  return {
    name,
    kind: 'converter',
    media: src.media,
    worker: video ? 'transcoder' : 'imager',
    title: `Convert ${src.label} to ${dst.label} Online`,
    description,
    inputs: {
      min: 1,
      max: video ? 1 : 50,
      accept: [...src.mimes, ...alsoTakes.flatMap((f) => FORMATS[f].mimes)],
    },
    params: converterParams,
    output: { media: dst.media, formats: [to] },
  };
}

export const videoConverters: CatalogEntry[] = VIDEO_ROWS.map(converter);
export const imageConverters: CatalogEntry[] = IMAGE_ROWS.map(converter);

/** The source format of a converter, or undefined for a tool. */
export function converterSourceFormat(name: string): FormatName | undefined {
  return SOURCES.get(name);
}
