/**
 * What ffmpeg and ffprobe may open when they read a job's input.
 *
 * Left to itself ffmpeg follows whatever an input points at: an HLS playlist (.m3u8) or an ffconcat
 * list names further files and URLs that ffmpeg then opens, so an "upload" of a few lines of text
 * could make a worker read any local file into an output the user downloads, or connect to any
 * host the worker can reach (SSRF). Two per-input options close this:
 *
 * - `-protocol_whitelist file`: only local files. Nested opens (playlist segments, concat entries,
 *   MOV data references) inherit the input's whitelist, so no URL of any scheme is ever connected to.
 * - `-format_whitelist <INPUT_DEMUXERS>`: only the demuxers of the formats the platform accepts.
 *   Playlist and list formats (hls, concat, dash, ...) are not on it, so such a file is refused
 *   before anything it names is opened, local files included.
 *
 * MOV/MP4 external data references ("drefs", media stored in another file) are already ignored:
 * the mov demuxer's `enable_drefs` is false by default (`ffmpeg -h demuxer=mov`, ffmpeg 5.1), and
 * any dref it did follow would still be limited by the protocol whitelist. We do not pass it.
 */

/** Only local files: no network protocol, no `data:`, no `crypto:`, no `subfile:`. */
export const INPUT_PROTOCOLS: readonly string[] = ['file'];

/**
 * ffmpeg demuxer names (not file extensions) of every format the files service accepts as video,
 * audio, or as an image the video tools take. ffmpeg matches a demuxer whose name is a list
 * ("mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm") when any of its names is listed.
 * Checked against ffmpeg 5.1 by reading one file of each kind (packages/ffmpeg secure-inputs.test.ts).
 */
export const INPUT_DEMUXERS: readonly string[] = [
  // Video containers: MP4/MOV (also M4A audio), MKV/WebM, AVI, WMV (ASF), FLV, MPEG-TS, MPEG-PS,
  // and an MPEG-1/2 elementary stream (which file-type also calls "mpg").
  'mov',
  'matroska',
  'avi',
  'asf',
  'flv',
  'mpegts',
  'mpeg',
  'mpegvideo',
  // Audio-only uploads the files service probes: MP3, AAC (ADTS), WAV, FLAC, Ogg (Vorbis and Opus),
  // AIFF.
  'mp3',
  'aac',
  'wav',
  'flac',
  'ogg',
  'aiff',
  // Still images ffmpeg reads as picture inputs (overlays, logos, slideshows): ffmpeg picks the
  // *_pipe demuxer by content for a single image file, image2 when asked for it by name.
  'image2',
  'png_pipe',
  'jpeg_pipe',
  'webp_pipe',
  'gif',
  'bmp_pipe',
  'tiff_pipe',
];

/** The options that restrict one input, placed right before its `-i`. */
export function inputRestrictionArgs(): string[] {
  return ['-protocol_whitelist', INPUT_PROTOCOLS.join(','), '-format_whitelist', INPUT_DEMUXERS.join(',')];
}

/**
 * Returns `args` with the input restrictions inserted before every `-i <path>`, except inputs whose
 * own options force `-f lavfi`: those are filter graphs we wrote (testsrc, anullsrc, color), generated
 * rather than read, and lavfi is rightly not on the demuxer list.
 *
 * An input's options are everything between the previous input's path and its `-i`, so `-f lavfi`
 * given to one input never exempts another. The restrictions go last, after the caller's own input
 * options, so a caller's `-protocol_whitelist` cannot widen them (ffmpeg keeps the last value).
 * Output options are untouched: the restrictions are input-only options.
 */
export function secureInputs(args: readonly string[]): string[] {
  const secured: string[] = [];
  let inputOptionsStart = 0;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '-i' && i + 1 < args.length) {
      if (!forcesLavfi(args.slice(inputOptionsStart, i))) secured.push(...inputRestrictionArgs());
      secured.push('-i', args[i + 1]);
      i++;
      inputOptionsStart = i + 1;
      continue;
    }
    secured.push(args[i]);
  }
  return secured;
}

/** Whether these input options force the lavfi (filter graph) format; the last `-f` wins, as in ffmpeg. */
function forcesLavfi(inputOptions: readonly string[]): boolean {
  let format: string | undefined;
  for (let i = 0; i < inputOptions.length - 1; i++) {
    if (inputOptions[i] === '-f') format = inputOptions[i + 1];
  }
  return format === 'lavfi';
}
