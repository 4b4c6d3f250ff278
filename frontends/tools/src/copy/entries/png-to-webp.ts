import { ANIMATED_WEBP, modernImageConverter } from '../converter-copy.ts';
import type { ToolCopy } from '../types.ts';

export const copy: ToolCopy = modernImageConverter({
  from: 'PNG',
  to: 'WebP',
  intro:
    'Turn PNG screenshots, logos and graphics into WebP that keeps their transparency in a far smaller file, for faster pages and lighter uploads.',
  limits: [ANIMATED_WEBP],
  faq: [
    {
      q: 'Can the WebP be as exact as the PNG?',
      a: 'Yes: turn on lossless and every pixel stays the same, usually in a smaller file than the PNG.',
    },
  ],
});
