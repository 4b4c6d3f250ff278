import type { ToolHandler } from '@mediakit/worker';
import { changeVideoFramerate } from './change-video-framerate.ts';
import { compressVideo } from './compress-video.ts';
import { cropVideo } from './crop-video.ts';
import { loopVideo } from './loop-video.ts';
import { resizeVideo } from './resize-video.ts';
import { reverseVideo } from './reverse-video.ts';
import { rotateFlipVideo } from './rotate-flip-video.ts';
import { speedVideo } from './speed-up-down-video.ts';
import { trimVideo } from './trim-video.ts';

/** Tools that edit one clip. */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type
export const editingHandlers: Record<string, ToolHandler<any>> = {
  'trim-video': trimVideo,
  'compress-video': compressVideo,
  'resize-video': resizeVideo,
  'crop-video': cropVideo,
  'rotate-flip-video': rotateFlipVideo,
  'speed-up-down-video': speedVideo,
  'change-video-framerate': changeVideoFramerate,
  'reverse-video': reverseVideo,
  'loop-video': loopVideo,
};
