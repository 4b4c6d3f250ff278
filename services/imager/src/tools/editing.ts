import type { ToolHandler } from '@mediakit/worker';
import { compressImage } from './compress-image.ts';
import { cropImage } from './crop-image.ts';
import { imageTransparency } from './image-transparency.ts';
import { overlayImageOnImage } from './overlay-image-on-image.ts';
import { pancardPhotoResizer } from './pancard-photo-resizer.ts';
import { pancardSignatureResizer } from './pancard-signature-resizer.ts';
import { resizeImage } from './resize-image.ts';
import { rotateFlipImage } from './rotate-flip-image.ts';

/**
 * The image editing tools by catalog name. Each is a pure plan (`plan*` functions, readable in tests)
 * plus a handler doing the I/O: `eachImage` when one streamed plan per file is enough, `eachInput` when
 * the tool reads the size first, works on raw pixels or searches a byte budget.
 */
// biome-ignore lint/suspicious/noExplicitAny: each handler has its own params type; the runtime validated them.
export const editingHandlers: Record<string, ToolHandler<any>> = {
  'resize-image': resizeImage,
  'crop-image': cropImage,
  'rotate-flip-image': rotateFlipImage,
  'compress-image': compressImage,
  'overlay-image-on-image': overlayImageOnImage,
  'image-transparency': imageTransparency,
  'pancard-photo-resizer': pancardPhotoResizer,
  'pancard-signature-resizer': pancardSignatureResizer,
};
