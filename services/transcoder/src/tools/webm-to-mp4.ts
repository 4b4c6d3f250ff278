import { makeMp4Converter } from './convert-to-mp4.ts';

export type { ConvertParams, ConvertToMp4Options } from './convert-to-mp4.ts';
export { buildConvertToMp4Args } from './convert-to-mp4.ts';

/**
 * WebM → MP4. WebM holds VP8/VP9/AV1 with Vorbis/Opus, none of which the remux path accepts, so in
 * practice this re-encodes; the shared converter still remuxes the rare H.264 "WebM" (really MKV).
 */
export const webmToMp4 = makeMp4Converter('Converting WebM to MP4');
