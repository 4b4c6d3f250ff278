import { imageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'BMP',
  to: 'PNG',
  intro:
    'Shrink Windows bitmaps without losing a single pixel: PNG compresses losslessly and every app reads it.',
  faq: [
    {
      q: 'Is PNG really lossless?',
      a: 'Yes, every pixel of the bitmap is kept exactly; the file is just packed better.',
    },
  ],
});
