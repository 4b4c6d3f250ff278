import { modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'BMP',
  to: 'WebP',
  intro:
    'Turn heavy Windows bitmaps into WebP images for the web, many times smaller than the uncompressed BMP.',
  faq: [
    {
      q: 'Is a BMP with transparency supported?',
      a: 'Yes, 32-bit BMPs keep their transparency in the WebP.',
    },
  ],
});
