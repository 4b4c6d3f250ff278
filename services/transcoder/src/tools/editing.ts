import type { ToolHandler } from '@mediakit/worker';
import { trimVideo } from './trim-video.ts';

/** Tools that edit one clip. */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type
export const editingHandlers: Record<string, ToolHandler<any>> = {
  'trim-video': trimVideo,
};
