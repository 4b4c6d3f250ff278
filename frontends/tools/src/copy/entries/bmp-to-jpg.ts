import { imageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'BMP',
  to: 'JPG',
  intro:
    'Shrink bulky Windows bitmaps into JPG photos that are easy to email and upload, often a tenth of the size.',
  faq: [
    {
      q: 'Do old or unusual BMPs work?',
      a: 'Yes: 1 to 32-bit, palettes and RLE-compressed bitmaps are read by our own decoder.',
    },
  ],
});
