import type { ToolCopy } from './types.ts';

/**
 * The converters' copy is written from their formats: the steps follow from the source and the
 * target, while what each converter is for, its limits and its questions are its own.
 */
interface ConverterText {
  /** Source and target labels, e.g. "HEIC", "JPG". */
  from: string;
  to: string;
  intro: string;
  limits?: string[];
  faq: ToolCopy['faq'];
}

/** A video converter's copy (every one gives MP4). */
export function videoConverter({ from, intro, limits = [], faq }: ConverterText): ToolCopy {
  return {
    action: 'Convert to MP4',
    intro,
    steps: [
      `Choose your ${from} video, or drop it on the page.`,
      'Leave the quality as it is (it only matters when the video has to be re-encoded), or set it higher for more detail.',
      'Press "Convert to MP4" and download the MP4, or send it on to trim or compress it.',
    ],
    limits: [
      ...limits,
      'Only the first video and audio track are kept (what phones and browsers play); subtitles are dropped.',
    ],
    faq,
  };
}

/** An image converter's copy (to JPG or PNG, up to 50 files at once). */
export function imageConverter({ from, to, intro, limits = [], faq }: ConverterText): ToolCopy {
  return {
    action: `Convert to ${to}`,
    intro,
    steps: [
      `Choose your ${from} files, up to 50 at once, or drop them on the page.`,
      to === 'JPG'
        ? 'Leave the quality on Auto (90, a good balance) or set it: higher keeps more detail, lower gives smaller files.'
        : 'There is nothing to set: PNG keeps every pixel.',
      `Press "Convert to ${to}" and download each ${to} or all of them as a ZIP.`,
    ],
    limits: [
      ...limits,
      'The converter checks what the file really is, not its name, and says so when it is another format.',
    ],
    faq,
  };
}

/** Why nothing is lost: the answer of the converters whose files are mostly only repackaged. */
export const REMUX =
  'When the video inside is already H.264 or HEVC with AAC or MP3 sound, the streams are copied into MP4 without re-encoding: no quality loss, and done in seconds.';

/** A limit of the converters whose sources animate: JPG and PNG hold one frame. */
export const firstFrame = (what: string) =>
  `${what} gives its first frame, and the download's name ends in "-first-frame".`;

/** A limit of the editing tools: animations stay animations. */
export const ANIMATION_KEPT =
  'Animated GIFs and WebPs keep every frame and their timing; animated PNG, AVIF and HEIF come out as animated WebP.';

/** A limit of the JPG converters whose pictures may be transparent. */
export const WHITE = 'Transparent areas become white, since JPG has no transparency.';

/** What the audio converters say about tags, covers and limits (the transcoder's convert-audio.ts). */
const AUDIO_LIMITS = [
  'Up to 20 files per job, each up to 3 hours long; each gives its own file, and several come as a ZIP too.',
  'Only the first sound track that holds sound is converted; a video without sound is refused with a message.',
];

/** An audio converter's copy: to MP3, M4A, WAV, FLAC, OGG or Opus, up to 20 files at once. */
export function audioConverter({ from, to, intro, limits = [], faq }: ConverterText): ToolCopy {
  const lossless = to === 'WAV' || to === 'FLAC';
  return {
    action: `Convert to ${to}`,
    intro,
    steps: [
      `Choose your ${from} files, up to 20 at once, or drop them on the page.`,
      lossless
        ? 'Leave the settings empty to keep the sample rate and channels, or pick them; choose whether to keep the title, artist and cover.'
        : 'Leave the settings empty for a good default, or pick a bitrate or a VBR quality, the sample rate, mono or stereo, and whether to keep the tags.',
      `Press "Convert to ${to}" and download each ${to} file, or all of them as a ZIP.`,
    ],
    limits: [...limits, ...AUDIO_LIMITS],
    faq,
  };
}

/** Why an audio file can come out unchanged in quality: its sound is copied, not encoded again. */
export const AUDIO_COPY = (codec: string, to: string) =>
  `When the sound already is ${codec} and you leave bitrate, VBR, sample rate and channels empty, it is copied into the ${to} file as it is: no quality loss, and done in seconds.`;

/** The default settings of the WebP and AVIF converters (the imager's), as the steps name them. */
const MODERN_DEFAULTS = { WebP: 'quality 90, effort 4', AVIF: 'quality 60, effort 4' } as const;

/** A WebP or AVIF converter's copy: quality, effort and lossless to set, up to 50 files at once. */
export function modernImageConverter({
  from,
  to,
  intro,
  limits = [],
  faq,
}: ConverterText & { to: 'WebP' | 'AVIF' }): ToolCopy {
  return {
    action: `Convert to ${to}`,
    intro,
    steps: [
      `Choose your ${from} files, up to 50 at once, or drop them on the page.`,
      `Keep the settings (${MODERN_DEFAULTS[to]}) or change them: lower quality gives smaller files, more effort a smaller file in more time, and lossless keeps every pixel.`,
      `Press "Convert to ${to}" and download each ${to} or all of them as a ZIP.`,
    ],
    limits: [
      ...limits,
      'Transparency is kept; the camera data (EXIF, GPS) is removed and colours are converted to standard sRGB.',
      'The converter checks what the file really is, not its name, and says so when it is another format.',
    ],
    faq,
  };
}

/** A limit of the WebP converters whose sources animate. */
export const ANIMATED_WEBP =
  'An animation stays an animation: every frame, its timing and the loop count are kept in the WebP.';

/** A limit of the AVIF converters whose sources animate: the AVIF written here is a still. */
export const AVIF_STILL =
  'The AVIF holds one picture: an animation gives its first frame, and the download\'s name ends in "-first-frame". Convert to WebP to keep it moving.';
