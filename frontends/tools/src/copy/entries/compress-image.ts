import { ANIMATION_KEPT } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = {
  action: 'Compress the images',
  intro:
    'Make photos lighter for a website, an email or an upload form with a size limit, up to 50 at once. Pick a level, or give the size in KB each picture must fit under; you see the predicted size before and the real one after, with a before/after view.',
  steps: [
    'Choose the pictures.',
    'Pick a level (high gives the smallest files) or switch to "To a target size" and type the KB limit, e.g. 200. The predicted size shows right away.',
    'Press "Compress the images", compare before and after, and download.',
  ],
  limits: [
    'A target size lands within 5 % under it (1 KB = 1000 bytes); only when the lowest quality is still too big is the picture made smaller, and if even that is not enough the message names the smallest size possible.',
    'Each picture keeps its format (JPEG, PNG, WebP, AVIF, GIF, TIFF); HEIC, BMP, PSD, ICO and SVG come out as JPEG, or PNG when transparent.',
    'The result is never larger than the original: when a picture cannot be made smaller (it is already well compressed), the job says so and what to try instead of returning a bigger file; in a batch, that picture comes back unchanged with the reason.',
    ANIMATION_KEPT,
    'Or pick an output format (JPG, PNG, WebP or AVIF): the same level or target size then applies in that format, and the result is still never larger than the original. WebP keeps an animation moving; the others take its first frame.',
  ],
  faq: [
    {
      q: 'How much smaller will my photo get?',
      a: 'A typical phone JPEG shrinks by half or more at medium without visible loss. PNG screenshots shrink a lot too, because they are reduced to a palette of colors.',
    },
    {
      q: 'Is the prediction exact?',
      a: 'No, it is an estimate made in your browser before anything runs; the actual size is shown next to it afterwards.',
    },
  ],
};
