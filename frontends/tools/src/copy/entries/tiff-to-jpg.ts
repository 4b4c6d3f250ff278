import { imageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = imageConverter({
  from: 'TIFF',
  to: 'JPG',
  intro: 'Turn large scans, print files and camera TIFFs into light JPGs for sharing and the web.',
  limits: ['A multi-page TIFF gives its first page.'],
  faq: [
    {
      q: 'Will colors change?',
      a: 'CMYK and color-profiled TIFFs are converted to sRGB, the color space screens and the web use, so they look right everywhere.',
    },
  ],
});
