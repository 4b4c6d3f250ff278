import type { ToolHandler } from '@mediakit/worker';
import { gifToMp4 } from './gif-to-mp4.ts';
import { videoToGif } from './video-to-gif.ts';
import { makeWebmHandler } from './webm.ts';

/** Video to GIF and WebM, and the GIF and WebM converters (issue 27). */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type
export const gifWebmHandlers: Record<string, ToolHandler<any>> = {
  'video-to-gif': videoToGif,
  'video-to-webm': makeWebmHandler('Converting to WebM'),
  'mp4-to-webm': makeWebmHandler('Converting MP4 to WebM'),
  'gif-to-mp4': gifToMp4,
};
