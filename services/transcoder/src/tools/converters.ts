import type { ToolHandler } from '@mediakit/worker';
import { makeMp4Converter } from './convert-to-mp4.ts';
import { webmToMp4 } from './webm-to-mp4.ts';

/**
 * The video converters: any supported container → MP4. They share one handler, which copies the
 * streams MP4 can carry and encodes the rest (see convert-to-mp4.ts); the gateway has already
 * checked that the input's content is the converter's source format.
 */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type
export const converterHandlers: Record<string, ToolHandler<any>> = {
  'mov-to-mp4': makeMp4Converter('Converting MOV to MP4'),
  'avi-to-mp4': makeMp4Converter('Converting AVI to MP4'),
  'wmv-to-mp4': makeMp4Converter('Converting WMV to MP4'),
  'mkv-to-mp4': makeMp4Converter('Converting MKV to MP4'),
  'flv-to-mp4': makeMp4Converter('Converting FLV to MP4'),
  'mpeg-ts-to-mp4': makeMp4Converter('Converting MPEG-TS to MP4'),
  'webm-to-mp4': webmToMp4,
};
