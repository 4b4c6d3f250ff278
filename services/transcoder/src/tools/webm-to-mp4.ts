import { makeMp4Converter } from './convert-to-mp4.ts';

/**
 * WebM → MP4. WebM holds VP8/VP9/AV1 with Vorbis/Opus, so in practice the video is encoded; a
 * browser recording (MediaRecorder) may hold H.264, which is copied while its Opus becomes AAC.
 */
export const webmToMp4 = makeMp4Converter('Converting WebM to MP4');
