import type { ToolHandler } from '@mediakit/worker';
import { resizeImage } from './resize-image.ts';

/** The image editing tools, each a handler built on `eachImage` + `planImageJob` (or its own loop). */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type; the runtime validated them.
export const editingHandlers: Record<string, ToolHandler<any>> = {
  'resize-image': resizeImage,
};
