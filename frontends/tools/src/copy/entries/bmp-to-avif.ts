import { modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'BMP',
  to: 'AVIF',
  intro:
    'Turn large uncompressed BMP screenshots and scans into AVIF, one of the smallest image formats there is, ready to share or publish.',
  faq: [
    {
      q: 'Which BMP files can I convert?',
      a: 'Bitmaps from Windows, Paint and screenshot tools, compressed or not, with or without transparency.',
    },
  ],
});
