/**
 * Video to GIF and to WebM (issue 27). Worker: transcoder; every accepted video goes in. Their
 * params are in gif-webm-params.ts; the GIF and WebM converters are rows of converters.ts.
 */
import { gifLengthWithinLimit, videoToGifParams, videoToWebmParams } from './gif-webm-params.ts';
import { endAfterStart, startsBeforeEnd, withinDuration } from './rules.ts';
import type { CatalogEntry } from './types.ts';
import { videoTool } from './video-tools.ts';

export const gifWebmTools: CatalogEntry[] = [
  videoTool({
    name: 'video-to-gif',
    title: 'Convert Video to GIF',
    description:
      'Turn a clip of up to a minute into an animated GIF: choose the part, frame rate, width, loop and dither, or a size limit in MB. Free, no watermark.',
    params: videoToGifParams,
    output: { media: 'image', formats: ['gif'] },
    rules: [endAfterStart()],
    inputRules: [withinDuration('end'), startsBeforeEnd('start'), gifLengthWithinLimit],
  }),
  videoTool({
    name: 'video-to-webm',
    title: 'Convert Video to WebM',
    description:
      'Convert any video to WebM with VP9 video and Opus sound, the open format of the web, at the quality you choose. Free, no watermark, no sign-up.',
    params: videoToWebmParams,
    output: { media: 'video', formats: ['webm'] },
  }),
];
