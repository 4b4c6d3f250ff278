import { modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'TIFF',
  to: 'AVIF',
  intro:
    'Shrink large TIFF scans and print exports to AVIF for sharing and archiving previews, at a small fraction of their size.',
  limits: ['A multi-page TIFF gives its first page.'],
  faq: [
    {
      q: 'Does a 16-bit TIFF keep its depth?',
      a: 'No, the AVIF is 8 bits per channel in sRGB, which is what screens show; keep the TIFF as your master.',
    },
  ],
});
