import { modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'TIFF',
  to: 'WebP',
  intro:
    'Publish scans and TIFF exports on the web as WebP, with the colours converted to sRGB so they look right in every browser.',
  limits: ['A multi-page TIFF gives its first page.'],
  faq: [
    {
      q: 'What happens to a CMYK TIFF?',
      a: 'Its colours are converted to RGB with its colour profile, so the WebP looks as the print file did.',
    },
  ],
});
