/**
 * The converters, built from one table per kind. Each takes only its source format (checked on the
 * content, not the file name). Params: `quality`? 1..100 for video and image outputs; the audio
 * settings of audio-params.ts for audio outputs. Image and audio converters take several files at
 * once, video converters one. The converters to WebP and AVIF, with their own settings, are in
 * webp-avif.ts.
 */
import { type Static, Type } from 'typebox';
import {
  type AudioOutput,
  bitrateOrVbr,
  LOSSLESS_AUDIO,
  losslessAudioParams,
  lossyAudioParams,
  opusSampleRates,
} from './audio-params.ts';
import { FORMATS, type FormatInfo, type FormatName } from './mime.ts';
import { params, quality } from './schema.ts';
import type { CatalogEntry } from './types.ts';

export const converterParams = params({ quality: Type.Optional(quality()) });
export type ConverterParams = Static<typeof converterParams>;

/**
 * [source, target, what this converter is good for (one sentence, ends with a period), formats it
 * also takes]. MOV's converter also takes phone 3GP/3G2: the same ISO box family, and no converter
 * of their own is offered.
 */
export type Row = readonly [FormatName, FormatName, string, (readonly FormatName[])?];

const VIDEO_ROWS: readonly Row[] = [
  ['mov', 'mp4', 'Ideal for iPhone and QuickTime recordings.', ['3gp', '3g2']],
  ['avi', 'mp4', 'Gives old camera and DVD rips a modern, smaller format.'],
  ['wmv', 'mp4', 'Frees Windows Media files for Mac, iPhone and the web.'],
  ['mkv', 'mp4', 'Makes Matroska downloads play on TVs, phones and editors.'],
  ['flv', 'mp4', 'Rescues old Flash videos, which browsers no longer play.'],
  ['mpeg-ts', 'mp4', 'Turns TV recordings and stream captures into a normal file.'],
  ['webm', 'mp4', 'Makes web and screen recordings play on iPhone and in editors.'],
  ['mp4', 'webm', 'Open format for web pages, often smaller than the MP4.'],
  // A GIF is an image upload, but its MP4 is video work: the transcoder's (onTranscoder below).
  ['gif', 'mp4', 'Chat apps play it as a looping GIF, at a tenth of the size.'],
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

/**
 * The pairs people search for, from video (its sound) and from audio. A video converter also takes
 * the sound-only variant of its container (an MP4 holding only AAC is named M4A by the files service).
 */
const AUDIO_ROWS: readonly Row[] = [
  ['mp4', 'mp3', 'Keeps the sound of a video as a song or a podcast.', ['m4a']],
  ['mov', 'mp3', 'Saves the sound of iPhone and QuickTime videos.', ['m4a', '3gp', '3g2']],
  ['webm', 'mp3', 'Saves the sound of web and screen recordings.'],
  ['mkv', 'mp3', 'Takes the sound track out of Matroska videos.'],
  ['avi', 'mp3', 'Saves the sound of old camera and DVD videos.'],
  ['wav', 'mp3', 'Makes big recordings about ten times smaller.'],
  ['m4a', 'mp3', 'Plays iPhone voice memos and iTunes songs everywhere.'],
  ['flac', 'mp3', 'Makes lossless music small enough for any player.'],
  ['ogg', 'mp3', 'Plays OGG and Opus voice messages on every device.'],
  ['opus', 'mp3', 'Plays WhatsApp and Telegram voice messages anywhere.', ['ogg']],
  ['wma', 'mp3', 'Frees Windows Media audio for phones and Macs.'],
  ['aac', 'mp3', 'Turns raw AAC streams into files every player takes.'],
  ['aiff', 'mp3', 'Makes Mac studio recordings small and portable.'],
  ['mp3', 'wav', 'Gives editors and samplers uncompressed sound.'],
  ['m4a', 'wav', 'Opens voice memos in any audio editor.'],
  ['flac', 'wav', 'Unpacks lossless music for editors that do not read FLAC.'],
  ['mp3', 'm4a', 'Makes iPhone-friendly AAC files and ringtones.'],
  ['wav', 'm4a', 'Shrinks recordings to AAC for Apple devices.'],
  ['mp3', 'ogg', 'Makes OGG Vorbis files for games and open players.'],
  ['wav', 'flac', 'Halves the size of recordings without losing a sample.'],
  ['mp3', 'opus', 'Small files with the best sound at low bitrates.'],
];

/** Source format of each converter, by name. */
const SOURCES = new Map<string, FormatName>();

/** Names "mpeg-ts-to-mp4" the way the API does: format names joined by "-to-". */
export function converter([from, to, note, alsoTakes = []]: Row): CatalogEntry {
  const src = FORMATS[from];
  const dst = FORMATS[to];
  const name = `${from}-to-${to}`;
  SOURCES.set(name, from);
  const toAudio = dst.media === 'audio';
  // A video on either side is one file per job (gif-to-mp4 makes one of a GIF); sound and
  // pictures come several at once.
  const many = toAudio ? 20 : src.media === 'video' || dst.media === 'video' ? 1 : 50;
  return {
    name,
    kind: 'converter',
    media: toAudio ? 'audio' : src.media,
    worker: src.media !== 'image' || dst.media !== 'image' ? 'transcoder' : 'imager',
    title: `Convert ${src.label} to ${dst.label} Online`,
    description: describeConverter(src, dst, note, many),
    inputs: {
      min: 1,
      max: many,
      accept: [...src.mimes, ...alsoTakes.flatMap((f) => FORMATS[f].mimes)],
    },
    ...settingsFor(to),
    output: { media: dst.media, formats: [to] },
  };
}

/** The params of a converter to this format: quality for pictures, the audio settings for sound. */
function settingsFor(to: FormatName): Pick<CatalogEntry, 'params' | 'rules'> {
  if (FORMATS[to].media !== 'audio') return { params: converterParams };
  if (LOSSLESS_AUDIO.includes(to as AudioOutput)) return { params: losslessAudioParams };
  return { params: lossyAudioParams, rules: [bitrateOrVbr, opusSampleRates(to as AudioOutput)] };
}

/** The page's meta description, by what goes in and what comes out. */
function describeConverter(src: FormatInfo, dst: FormatInfo, note: string, many: number): string {
  if (dst.media === 'audio')
    return `Convert ${src.label} ${src.media === 'video' ? 'videos' : 'files'} to ${dst.label}, up to ${many} at once. ${note} Free, no sign-up.`;
  if (src.media === 'image' && dst.media === 'video')
    return `Convert ${src.label} animations to small ${dst.label} videos that every phone plays. ${note} Free, no watermark.`;
  if (dst.label === 'WebM')
    return `Convert ${src.label} videos to WebM (VP9 video, Opus sound) for the web. ${note} Free, no watermark.`;
  if (src.media === 'video')
    return `Convert ${src.label} videos to MP4 that plays on every phone, browser and editor. ${note} Free, no watermark.`;
  return `Convert ${src.label} images to ${dst.label}, up to 50 files at once. ${note} Free, no watermark.`;
}

export const videoConverters: CatalogEntry[] = VIDEO_ROWS.map(converter);
export const imageConverters: CatalogEntry[] = IMAGE_ROWS.map(converter);
export const audioConverters: CatalogEntry[] = AUDIO_ROWS.map(converter);

/** The source format of a converter, or undefined for a tool. */
export function converterSourceFormat(name: string): FormatName | undefined {
  return SOURCES.get(name);
}
