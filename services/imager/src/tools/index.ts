/**
 * The imager's tools by catalog name. A new converter is one line (`'gif-to-png': makeImageConverter('png')`);
 * a new tool is a handler built on `eachImage` + `planImageJob`.
 */
import type { ToolHandler } from '@mediakit/worker';
import { makeImageConverter } from './convert-image.ts';
import { resizeImage } from './resize-image.ts';

// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type; the runtime validated them.
export const handlers: Record<string, ToolHandler<any>> = {
  'png-to-jpg': makeImageConverter('jpg'),
  'jpg-to-png': makeImageConverter('png'),
  'resize-image': resizeImage,
};
