import type { ToolHandler } from '@mediakit/worker';
import { addLogoOrWatermarkToVideo } from './add-logo-or-watermark-to-video.ts';
import { brainrotCreator } from './brainrot-creator.ts';
import { convertImageToVideo } from './convert-image-to-video.ts';
import { joinVideo } from './join-video.ts';
import { overlayImageOnVideo } from './overlay-image-on-video.ts';
import { overlayVideoOnVideo } from './overlay-video-on-video.ts';
import { videoFrameExtractor } from './video-frame-extractor.ts';

/** Tools that combine several inputs (join, overlays, brainrot, image-to-video, frame extraction). */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type
export const compositionHandlers: Record<string, ToolHandler<any>> = {
  'join-video': joinVideo,
  'overlay-image-on-video': overlayImageOnVideo,
  'overlay-video-on-video': overlayVideoOnVideo,
  'add-logo-or-watermark-to-video': addLogoOrWatermarkToVideo,
  'brainrot-creator': brainrotCreator,
  'convert-image-to-video': convertImageToVideo,
  'video-frame-extractor': videoFrameExtractor,
};
