import type { ToolHandler } from '@mediakit/worker';
import { webmToMp4 } from './webm-to-mp4.ts';

/** The video converters: any supported container → MP4 (remux when MP4 can carry the streams). */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type
export const converterHandlers: Record<string, ToolHandler<any>> = {
  'webm-to-mp4': webmToMp4,
};
