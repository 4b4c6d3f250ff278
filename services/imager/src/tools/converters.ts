import type { ToolHandler } from '@mediakit/worker';
import { makeImageConverter } from './convert-image.ts';

/** The image converters: one line each (`'gif-to-png': makeImageConverter('png')`). */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type; the runtime validated them.
export const converterHandlers: Record<string, ToolHandler<any>> = {
  'png-to-jpg': makeImageConverter('jpg'),
  'jpg-to-png': makeImageConverter('png'),
};
