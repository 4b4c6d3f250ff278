import type { ToolHandler } from '@mediakit/worker';
import { trimVideo } from './trim-video.ts';
import { webmToMp4 } from './webm-to-mp4.ts';

/** Tool name (catalog) → handler. Tools not listed here are not implemented by this worker yet. */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type; the runtime validated them against the catalog
export const handlers: Record<string, ToolHandler<any>> = {
  'trim-video': trimVideo,
  'webm-to-mp4': webmToMp4,
};
