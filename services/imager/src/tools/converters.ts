import { webpAvifConverters } from '@mediakit/catalog';
import type { ToolHandler } from '@mediakit/worker';
import { makeImageConverter } from './convert-image.ts';
import { makeWebpAvifConverter } from './convert-webp-avif.ts';

/**
 * The 40 image converters: one line each. A converter is defined by its target alone: openImage
 * decodes every source format (checked against the converter's source by the gateway, from content),
 * so `heic-to-png` and `bmp-to-png` are the same handler under two catalog names.
 */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type; the runtime validated them.
export const converterHandlers: Record<string, ToolHandler<any>> = {
  'jpg-to-png': makeImageConverter('png'),
  'png-to-jpg': makeImageConverter('jpg'),
  'gif-to-jpg': makeImageConverter('jpg'),
  'gif-to-png': makeImageConverter('png'),
  'bmp-to-jpg': makeImageConverter('jpg'),
  'bmp-to-png': makeImageConverter('png'),
  'tiff-to-jpg': makeImageConverter('jpg'),
  'tiff-to-png': makeImageConverter('png'),
  'webp-to-jpg': makeImageConverter('jpg'),
  'webp-to-png': makeImageConverter('png'),
  'heic-to-jpg': makeImageConverter('jpg'),
  'heic-to-png': makeImageConverter('png'),
  'avif-to-jpg': makeImageConverter('jpg'),
  'avif-to-png': makeImageConverter('png'),
  'ico-to-jpg': makeImageConverter('jpg'),
  'ico-to-png': makeImageConverter('png'),
  'svg-to-jpg': makeImageConverter('jpg'),
  'svg-to-png': makeImageConverter('png'),
  'psd-to-jpg': makeImageConverter('jpg'),
  'psd-to-png': makeImageConverter('png'),
  ...Object.fromEntries(
    webpAvifConverters.map((entry) => [
      entry.name,
      makeWebpAvifConverter(entry.output.formats[0] as 'webp' | 'avif'),
    ]),
  ),
};
