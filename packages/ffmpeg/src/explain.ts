import type { FfmpegError } from './errors.ts';
import type { ProbeResult, ProbeStream } from './probe-types.ts';

/**
 * Turns ffmpeg/ffprobe failures into sentences a person can act on. The raw stderr stays in the
 * job's log; what a user reads names the file, what is wrong with it and what to do.
 *
 * - damaged: the file is cut short or its bytes are broken → upload the complete original;
 * - unsupported: a valid file in a codec we cannot decode → export it in a common codec;
 * - no-video: nothing to work on (only data, subtitles or audio);
 * - filter: the picture (size, pixel format) cannot go through the tool's filters as asked;
 * - ours: the machine or our own arguments failed → retry, then "something went wrong on our side";
 * - unknown: ffmpeg refused the input without saying why in words we recognise.
 */
export type FailureKind = 'damaged' | 'unsupported' | 'no-video' | 'filter' | 'ours' | 'unknown';

// Our bugs or the machine's state, never the file's: wrong arguments, a missing filter or encoder,
// no disk or memory. These are retried (another worker may be fine) and never blamed on the file.
const OURS = [
  /No space left on device/i,
  /Cannot allocate memory/i,
  /Too many open files/i,
  /No such filter/i,
  /Unknown encoder/i,
  /Encoder .* not found/i,
  /Unrecognized option/i,
  /Error parsing options/i,
  /Option .* not found/i,
  /Invalid stream specifier/i,
];

const NO_VIDEO = [/Stream map '0:[vV][^']*' matches no streams/i, /does not contain any (video )?stream/i];

const UNSUPPORTED = [
  /Decoder \(codec [^)]*\) not found/i,
  /Unsupported codec/i,
  /is not implemented\. Update your FFmpeg/i,
  /Patch welcome/i,
  /not yet supported/i,
];

const DAMAGED = [
  /moov atom not found/i,
  /Invalid data found when processing input/i,
  /EBML header parsing failed/i,
  /error reading header/i,
  /truncat/i,
  /partial file/i,
  /corrupt/i,
  /Invalid NAL unit size/i,
  /decode_slice_header error/i,
  /non-existing PPS/i,
  /Error splitting the input into NAL units/i,
  /Header missing/i,
  /Could not find codec parameters/i,
  /Invalid (atom|box) size/i,
  /End of file/i,
  /Error while decoding stream/i,
  /missing picture in access unit/i,
];

const FILTER = [
  /Error (re)?initiali[sz]ing (complex )?filters?/i,
  /Error configuring (the )?filter ?graph/i,
  /Failed to configure (output|input) pad/i,
  /Invalid too big or non positive size/i,
  /not divisible by 2/i,
  /Impossible to convert between the formats/i,
  /Failed to inject frame into filter network/i,
  /Error while filtering/i,
];

/** Which kind of failure stderr shows. The order matters: the first class found wins. */
export function classifyStderr(stderr: string): FailureKind {
  const matches = (patterns: RegExp[]) => patterns.some((re) => re.test(stderr));
  if (matches(OURS)) return 'ours';
  if (matches(NO_VIDEO)) return 'no-video';
  if (matches(UNSUPPORTED)) return 'unsupported';
  if (matches(DAMAGED)) return 'damaged';
  if (matches(FILTER)) return 'filter';
  return 'unknown';
}

/** Whose fault an FfmpegError is: a kill we did not send or a timeout in a stuck encoder is ours too. */
export function classifyFfmpegError(err: FfmpegError): FailureKind {
  if (err.exitSignal) return 'ours';
  if (err.exitCode === null || err.exitCode === 0) return 'ours';
  return classifyStderr(err.stderrTail);
}

/** Codec tags (MOV/MP4 sample entries, AVI fourccs) of formats ffmpeg cannot decode, as people name them. */
const TAG_NAMES: Record<string, string> = {
  aprn: 'ProRes RAW',
  aprh: 'ProRes RAW HQ',
  brxq: 'Blackmagic RAW',
  brhq: 'Blackmagic RAW',
  brst: 'Blackmagic RAW',
  brlt: 'Blackmagic RAW',
  brvn: 'Blackmagic RAW',
  brs2: 'Blackmagic RAW',
  icod: 'Apple Intermediate Codec',
  'r3d ': 'REDCODE RAW',
  redc: 'REDCODE RAW',
};

/** ffprobe codec names as people know them. */
const CODEC_NAMES: Record<string, string> = {
  h264: 'H.264',
  hevc: 'HEVC (H.265)',
  av1: 'AV1',
  vp8: 'VP8',
  vp9: 'VP9',
  prores: 'ProRes',
  mpeg4: 'MPEG-4 Part 2',
  mpeg2video: 'MPEG-2',
  mpeg1video: 'MPEG-1',
  h263: 'H.263',
  mjpeg: 'Motion JPEG',
  wmv1: 'WMV 7',
  wmv2: 'WMV 8',
  wmv3: 'WMV 9',
  vc1: 'VC-1',
  dnxhd: 'DNxHD/DNxHR',
  cfhd: 'CineForm',
  theora: 'Theora',
};

/** "the ProRes RAW codec", "a video codec we do not recognise (tag "zzzz")". */
export function describeCodec(stream: Pick<ProbeStream, 'codec_name' | 'codec_tag_string'>): string {
  const tag = printableTag(stream.codec_tag_string);
  const named = tag ? TAG_NAMES[tag.toLowerCase()] : undefined;
  if (named) return `the ${named} codec`;
  const codec = stream.codec_name;
  if (codec && codec !== 'unknown' && codec !== 'none') return `the ${CODEC_NAMES[codec] ?? codec} codec`;
  return tag
    ? `a video codec we do not recognise (its tag is "${tag}")`
    : 'a video codec we do not recognise';
}

/** A four-character tag, or undefined for ffprobe's "[0][0][0][0]" / "0x…" forms of a missing one. */
function printableTag(tag: string | undefined): string | undefined {
  return tag && /^[\x20-\x7e]{4}$/.test(tag) && !tag.startsWith('[') ? tag : undefined;
}

const isRealVideo = (s: ProbeStream) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1;

/**
 * The first real video stream when ffprobe read its headers but ffmpeg has no decoder for it
 * (codec "unknown"/"none": ProRes RAW, Blackmagic RAW, a made-up tag), else undefined.
 */
export function undecodableVideo(probe: ProbeResult): ProbeStream | undefined {
  const video = probe.streams.find(isRealVideo);
  if (!video) return undefined;
  return !video.codec_name || video.codec_name === 'unknown' || video.codec_name === 'none'
    ? video
    : undefined;
}

/** What ffprobe found instead of a picture, for the "no video" sentence: "only audio", "only a data stream". */
export function describeStreams(probe: ProbeResult | undefined): string {
  const kinds = new Set((probe?.streams ?? []).map((s) => (isRealVideo(s) ? 'video' : s.codec_type)));
  if (kinds.has('audio')) return 'only sound';
  if (kinds.has('subtitle')) return 'only subtitles';
  if (kinds.has('data')) return 'only a data stream';
  if (probe?.streams.some((s) => s.disposition?.attached_pic === 1)) return 'only a cover picture';
  return 'no streams we can read';
}

export interface FailureContext {
  /** The name the user uploaded the file under. */
  name: string;
  /**
   * What the tool was doing, as a gerund phrase for "… failed": "Resizing", "Converting to MP4".
   * Left out when the file was only being read (at upload, or before a tool starts).
   */
  what?: string;
  /** The input's headers, when read: names the codec or the streams. */
  probe?: ProbeResult;
  /** The input's media as the files service named it: an audio file gets advice for audio. */
  media?: string;
}

/** A sound-only input: the files service said audio, or its headers hold sound and no picture. */
function soundOnly(c: FailureContext): boolean {
  if (c.media === 'audio') return true;
  const streams = c.probe?.streams ?? [];
  return !streams.some(isRealVideo) && streams.some((s) => s.codec_type === 'audio');
}

/** A sentence for a failure of the given kind on the given file. */
export function failureSentence(kind: FailureKind, c: FailureContext): string {
  switch (kind) {
    case 'damaged':
      return `${c.name} is damaged or incomplete (for example cut short while it was copied or uploaded)${c.what ? `, so ${lower(c.what)} could not finish` : ''}. Upload the complete original file.`;
    case 'unsupported': {
      const video = c.probe ? c.probe.streams.find(isRealVideo) : undefined;
      if (!video && soundOnly(c))
        return `${c.name} uses a sound codec we cannot decode. Export it again as MP3, WAV or FLAC and upload that.`;
      const codec = video ? describeCodec(video) : 'a codec';
      return `${c.name} uses ${codec}, which we cannot decode. Export it from your camera or editor as H.264 or HEVC (MP4 or MOV) and upload that.`;
    }
    case 'no-video':
      return `${c.name} has no video picture (${describeStreams(c.probe)}), so there is nothing to work on. Upload a video file.`;
    case 'filter':
      return `${c.what ?? 'This tool'} could not be applied to ${c.name}: its picture size or pixel format does not allow it. Try other settings, or convert the file to MP4 first and use that.`;
    case 'ours':
      return 'Something went wrong on our side while processing this file. Please try again in a few minutes.';
    case 'unknown':
      return `${c.what ? `${c.what} failed on ${c.name}` : `${c.name} could not be read`}: the file may be damaged or use a feature we do not support. Try exporting it again ${soundOnly(c) ? 'as MP3, WAV or FLAC' : 'as MP4 (H.264)'} and upload that.`;
  }
}

const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
