import type { ToolHandler } from '@mediakit/worker';

/** Tools that combine several inputs (join, overlays, brainrot, image-to-video, frame extraction). */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type
export const compositionHandlers: Record<string, ToolHandler<any>> = {};
